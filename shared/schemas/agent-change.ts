import * as z from 'zod/mini';

/**
 * A write an outside AI agent made as the user through the MCP server (functions/ai/mcp-server.ts), as
 * Settings lists it: what it did, where, by which agent, and whether it was undone. `token` is the
 * assistant's undo token: `POST /workspaces/{workspaceId}/assistant/undo` takes it back.
 */
export const agentChangeView = z.object({
  token: z.string(),
  workspaceId: z.string(),
  /** The workspace's name now; null when the user is no longer a member (the change can't be undone then). */
  workspaceName: z.nullable(z.string()),
  /** The tool the agent called, e.g. `create_task`. */
  tool: z.string(),
  /** What the write did, in words: "Created "Draft the brief"". */
  label: z.string(),
  /** The agent as it named itself (the MCP client's name), e.g. "Claude Desktop". */
  agentName: z.string(),
  madeAt: z.string(),
  /** How the undo went, once it was used; null while it can still be undone. */
  undoneMessage: z.nullable(z.string()),
});
export type AgentChangeView = z.infer<typeof agentChangeView>;

export const listAgentChangesResponse = z.object({ changes: z.array(agentChangeView) });
export type ListAgentChangesResponse = z.infer<typeof listAgentChangesResponse>;
