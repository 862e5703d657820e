import { useState } from 'react';
import { formatFileSize } from '@shared/schemas/attachment';
import { Button } from '@/components/ui/button';
import type { CommentTarget } from '../../api/comments';
import { FileDropZone, UploadProgress, useFileUploads } from './task-attachments-section';

/**
 * Files chosen in the composer of a comment, a task's or a project's (issue 37): held until the comment is
 * sent, then each uploaded to it (`sendWith` the new comment's id), with its progress under the composer.
 */
export function useComposerFiles(target: CommentTarget) {
  const uploads = useFileUploads(target);
  const [chosen, setChosen] = useState<readonly File[]>([]);
  return {
    chosen,
    uploads,
    add: (files: readonly File[]) => setChosen((all) => [...all, ...files]),
    remove: (index: number) => setChosen((all) => all.filter((_file, at) => at !== index)),
    sendWith: (commentId: string) => {
      if (chosen.length > 0) uploads.attach(chosen, commentId);
      setChosen([]);
    },
  };
}

/** "Add files", the files chosen (each with Remove), and the uploads under way. */
export function ComposerFiles({ files }: { files: ReturnType<typeof useComposerFiles> }) {
  return (
    <>
      <FileDropZone label="Add files" onFiles={files.add} />
      {files.chosen.length > 0 ? (
        <ul className="attachment-uploads" aria-label="Files to attach">
          {files.chosen.map((file, index) => (
            <li key={`${index}-${file.name}`}>
              <span className="attachment-name">{file.name}</span>
              <span className="muted">{formatFileSize(file.size)}</span>
              <Button size="sm" variant="ghost" aria-label={`Remove ${file.name}`} onClick={() => files.remove(index)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadProgress uploads={files.uploads.uploads} onDismiss={files.uploads.dismiss} />
    </>
  );
}
