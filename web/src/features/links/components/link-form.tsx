import { useState, type FormEvent } from 'react';
import { INVALID_URL, linkCategories, normalizeLinkUrl, type LinkCategory, type LinkView } from '@shared/schemas/link';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/form-fields';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { LINK_SAVED, SAVE_LINK_FAILED } from '../api/links';

export interface LinkFormValues {
  readonly url: string;
  readonly category: LinkCategory;
  readonly title: string | null;
  readonly description: string | null;
}

/** The site a link points at: what a link without a title is called. */
export const hostOf = (url: string) => new URL(url).host;

/** How the link will be listed once saved (spec pages §2 Mobile Links: the add form's preview). */
function LinkPreview({ url, category, title, description }: { url: string; category: string; title: string; description: string }) {
  return (
    <section className="link-preview" aria-label="Preview">
      <span className="link-preview-label muted" aria-hidden="true">
        Preview
      </span>
      <span className="link-title">{title.trim() || hostOf(url)}</span>
      <span className="link-url muted">{url}</span>
      {category ? <span className="link-preview-category">{category}</span> : null}
      {description.trim() ? <p className="link-description">{description.trim()}</p> : null}
    </section>
  );
}

/**
 * The link form (spec pages §2, §4, §5): url and category required, title and description optional. Save
 * is enabled only when the url (https:// added when it has no scheme) and the category are valid; 'Saving...'
 * while it is sent; the success notice shows 3 seconds. A valid url shows a preview of the link as it will be
 * listed. Used to add a link and, in a dialog, to edit one.
 */
export function LinkForm({
  initial,
  submitLabel,
  onSave,
}: {
  initial?: LinkView;
  submitLabel: string;
  onSave: (values: LinkFormValues) => Promise<unknown>;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  // The address is judged once the user leaves the field: 'g' is not yet a wrong address, only an unfinished one.
  const [urlLeft, setUrlLeft] = useState(false);
  const [category, setCategory] = useState<LinkCategory | ''>(initial?.category ?? '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [status, setStatus] = useState<'idle' | 'saving' | 'failed'>('idle');
  const saved = useTransientFlag();

  const normalizedUrl = normalizeLinkUrl(url);
  const urlValid = normalizedUrl !== null;
  const valid = urlValid && category !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || status === 'saving') return;
    setStatus('saving');
    saved.clear();
    try {
      await onSave({ url, category, title: title.trim() || null, description: description.trim() || null });
      setStatus('idle');
      saved.raise();
      if (!initial) {
        setUrl('');
        setUrlLeft(false);
        setCategory('');
        setTitle('');
        setDescription('');
      }
    } catch {
      setStatus('failed');
    }
  };

  return (
    <form className="form link-form" onSubmit={(event) => void submit(event)} noValidate>
      {saved.on ? <Notice>{LINK_SAVED}</Notice> : null}
      {status === 'failed' ? <Alert>{SAVE_LINK_FAILED}</Alert> : null}
      <Field
        label="URL"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        onBlur={() => setUrlLeft(true)}
        placeholder="example.com"
        inputMode="url"
        autoComplete="url"
        error={urlLeft && url.trim() !== '' && !urlValid ? INVALID_URL : undefined}
      />
      <SelectField label="Category" required value={category} onChange={(event) => setCategory(event.target.value as LinkCategory | '')}>
        <option value="">Select a category</option>
        {linkCategories.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <Field label="Title (optional)" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
      <TextAreaField label="Description (optional)" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={1000} />
      {normalizedUrl ? <LinkPreview url={normalizedUrl} category={category} title={title} description={description} /> : null}
      <div className="form-actions">
        <Button type="submit" variant="primary" disabled={!valid || status === 'saving'}>
          {status === 'saving' ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
