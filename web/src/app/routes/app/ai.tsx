import { PageHeader } from '@/components/ui/page-header';
import { Chat } from '@/features/assistant/components/chat';

/** /ai (spec pages §2 AI Assistant): the chat with its conversation history. */
export function AiRoute() {
  return (
    <div className="page">
      <PageHeader title="AI Assistant" description="Ask in plain English: add and change tasks, find what's due, summarise a project." />
      <Chat variant="page" />
    </div>
  );
}
