import { useId, useRef, useState, type FormEvent } from 'react';
import { IMPORT_FILE_TOO_LARGE, IMPORT_MAX_BYTES, type CreateImportInput, type ImportSource } from '@shared/schemas/import';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ApiError, apiErrorMessage } from '@/lib/api-client';
import { IMPORT_UPLOAD_FAILED, useImportUpload } from '../api/imports';
import type { CsvSample } from '../utils/csv-sample';
import { sha256Hex } from '../utils/file-hash';
import { guessMapping, type DraftMapping } from '../utils/guess-mapping';
import { readCsvSample } from '../utils/read-csv-sample';
import { sourceChoices } from '../utils/sources';
import { CsvMappingStep, TITLE_COLUMN_REQUIRED } from './csv-mapping';

export const FILE_REQUIRED = 'Choose the file to import';
export const FILE_EMPTY = 'The file is empty';
export const FILE_UNREADABLE = 'The file could not be read; choose it again';

type SampleState = { state: 'reading' } | { state: 'ready'; sample: CsvSample } | { state: 'failed'; message: string };

/** An import being sent: what was asked, and the file (kept for "Import again"). */
interface Pending {
  readonly input: CreateImportInput;
  readonly file: File;
}

/**
 * A new import: the source, the file (50 MB at most, refused before anything is sent), for Other CSV the
 * columns' mapping, then Continue: the file's SHA-256, the import asked for (the same file twice is asked
 * about first), and the file uploaded with its progress. `onUploaded` gets the import the worker now reads.
 */
export function NewImportForm({ workspaceId, onUploaded }: { workspaceId: string; onUploaded: (importId: string) => void }) {
  const upload = useImportUpload(workspaceId);
  const groupName = useId();
  const [source, setSource] = useState<ImportSource>('trello');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  // A new input for each source, so a file chosen for one is not left in the picker of another.
  const [pickerKey, setPickerKey] = useState(0);
  const [sample, setSample] = useState<SampleState | null>(null);
  const [mapping, setMapping] = useState<DraftMapping>({});
  const [titleError, setTitleError] = useState<string>();
  const [hashing, setHashing] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [duplicate, setDuplicate] = useState<{ message: string; pending: Pending } | null>(null);
  // The file whose sample is awaited: a sample of a file chosen before is dropped.
  const reading = useRef<File | null>(null);
  const busy = hashing || upload.isPending;
  const choice = sourceChoices.find((entry) => entry.source === source) ?? sourceChoices[0];

  const chooseSource = (next: ImportSource) => {
    setSource(next);
    setFile(null);
    setFileError(undefined);
    setSample(null);
    setPickerKey((key) => key + 1);
    upload.reset();
  };

  const chooseFile = (chosen: File | undefined) => {
    upload.reset();
    setSample(null);
    setTitleError(undefined);
    reading.current = null;
    const refusal = !chosen ? undefined : chosen.size > IMPORT_MAX_BYTES ? IMPORT_FILE_TOO_LARGE : chosen.size === 0 ? FILE_EMPTY : undefined;
    setFileError(refusal);
    setFile(chosen && !refusal ? chosen : null);
    if (!chosen || refusal || source !== 'csv') return;
    reading.current = chosen;
    setSample({ state: 'reading' });
    readCsvSample(chosen).then(
      (read) => {
        if (reading.current !== chosen) return;
        setSample({ state: 'ready', sample: read });
        setMapping(guessMapping(read.headers));
      },
      (error: unknown) => {
        if (reading.current === chosen) setSample({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const send = (pending: Pending) => {
    setUploaded(0);
    upload.mutate(
      { ...pending, onProgress: setUploaded },
      {
        onSuccess: (job) => onUploaded(job.id),
        onError: (error) => {
          setUploaded(null);
          if (error instanceof ApiError && error.status === 409) setDuplicate({ message: error.message, pending });
        },
      },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(fileError ?? FILE_REQUIRED);
      return;
    }
    if (source === 'csv' && sample?.state !== 'ready') return;
    const title = mapping.title;
    if (source === 'csv' && !title) {
      setTitleError(TITLE_COLUMN_REQUIRED);
      return;
    }
    setHashing(true);
    let sha256: string;
    try {
      sha256 = await sha256Hex(file);
    } catch {
      setFileError(FILE_UNREADABLE);
      return;
    } finally {
      setHashing(false);
    }
    send({ input: { source, fileName: file.name, size: file.size, sha256, ...(source === 'csv' && title ? { mapping: { ...mapping, title } } : {}) }, file });
  };

  const failure = upload.error && !(upload.error instanceof ApiError && upload.error.status === 409) ? apiErrorMessage(upload.error, IMPORT_UPLOAD_FAILED) : null;

  return (
    <form className="import-form" aria-label="New import" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className="import-sources" disabled={busy}>
        <legend>Import from</legend>
        {sourceChoices.map((entry) => (
          <div key={entry.source} className="import-source">
            <label>
              <input
                type="radio"
                name={groupName}
                value={entry.source}
                checked={source === entry.source}
                onChange={() => chooseSource(entry.source)}
                aria-describedby={`${groupName}-${entry.source}`}
              />
              {entry.label}
            </label>
            <p id={`${groupName}-${entry.source}`} className="muted import-how-to">
              {entry.howTo}
            </p>
          </div>
        ))}
      </fieldset>
      <Field
        key={pickerKey}
        label="File"
        type="file"
        accept={choice?.accept}
        onChange={(event) => chooseFile(event.target.files?.[0])}
        error={fileError}
        hint="At most 50 MB."
        disabled={busy}
      />
      {sample?.state === 'reading' ? <p role="status">Reading the file’s columns…</p> : null}
      {sample?.state === 'failed' ? <Alert>{sample.message}</Alert> : null}
      {sample?.state === 'ready' ? (
        <CsvMappingStep
          sample={sample.sample}
          mapping={mapping}
          onChange={(next) => {
            setMapping(next);
            if (next.title) setTitleError(undefined);
          }}
          titleError={titleError}
          disabled={busy}
        />
      ) : null}
      {hashing ? <p role="status">Reading the file…</p> : null}
      {uploaded !== null ? <ProgressBar label="Upload progress" value={uploaded * 100} /> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={busy} disabled={busy || sample?.state === 'reading'}>
          Continue
        </Button>
      </div>
      {duplicate ? (
        <ConfirmDialog
          options={{ title: 'Import this file again?', message: duplicate.message, confirmLabel: 'Import again' }}
          onCancel={() => {
            setDuplicate(null);
            upload.reset();
          }}
          onConfirm={() => {
            const { pending } = duplicate;
            setDuplicate(null);
            send({ ...pending, input: { ...pending.input, allowDuplicate: true } });
          }}
        />
      ) : null}
    </form>
  );
}
