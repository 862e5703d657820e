import { useState } from 'react';
import { MOVED_TO_TRASH } from '@/features/trash';
import { useToast } from '@/components/ui/toast';
import { linkCategories, type LinkCategory, type LinkView } from '@shared/schemas/link';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { MatchCount } from '@/components/ui/match-count';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { matchesSearch } from '@/lib/search';
import { DELETE_LINK_FAILED, LOAD_LINKS_FAILED, useDeleteLink, useLinks, useUpdateLink } from '../api/links';
import { hostOf, LinkForm } from './link-form';
import { readFailure } from '@/lib/load-failure';

function LinkRow({ link, onEdit, onDelete }: { link: LinkView; onEdit: () => void; onDelete: () => void }) {
  const name = link.title ?? hostOf(link.url);
  return (
    <li className="link-row">
      <div className="link-main">
        <a href={link.url} target="_blank" rel="noopener noreferrer" className="link-title">
          {name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <span className="link-url muted">{link.url}</span>
        {link.description ? <p className="link-description">{link.description}</p> : null}
      </div>
      <div className="link-actions">
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The workspace's links grouped by category, with a category filter and a search (spec pages §2 Links). */
export function LinksList({ workspaceId }: { workspaceId: string }) {
  const links = useLinks(workspaceId);
  const update = useUpdateLink(workspaceId);
  const remove = useDeleteLink(workspaceId);
  const reportFailure = useReportWriteFailure();
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [category, setCategory] = useState<LinkCategory | ''>('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<LinkView | null>(null);

  const deleteLink = async (link: LinkView) => {
    const confirmed = await confirm({ title: 'Delete link', message: 'Are you sure you want to delete this link?', confirmLabel: 'Delete', danger: true });
    if (confirmed) sendDelete(link);
  };
  const sendDelete = (link: LinkView) =>
    remove.mutate(link, { onSuccess: () => toast.success(MOVED_TO_TRASH), onError: (error) => reportFailure(error, DELETE_LINK_FAILED, () => sendDelete(link)) });

  const shown = (links.data ?? []).filter((link) => (category === '' || link.category === category) && matchesSearch(search, link.title, link.url, link.description));
  const groups = linkCategories.map((name) => ({ name, links: shown.filter((link) => link.category === name) })).filter((group) => group.links.length > 0);

  const failure = readFailure(links);
  return (
    <section className="links-list" aria-label="Saved links">
      <div className="links-filters">
        <Field label="Search links" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <SelectField label="Category filter" value={category} onChange={(event) => setCategory(event.target.value as LinkCategory | '')}>
          <option value="">All Categories</option>
          {linkCategories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <MatchCount count={shown.length} noun="link" filtering={search.trim() !== '' || category !== ''} />
      {failure ? (
        <LoadError what="links" message={LOAD_LINKS_FAILED} error={failure.error} onRetry={() => void links.refetch()} />
      ) : !links.data ? (
        <SkeletonLines label="Loading links…" lines={4} />
      ) : links.data.length === 0 ? (
        <p className="muted">No links yet. Add the sites your team uses.</p>
      ) : groups.length === 0 ? (
        <p className="muted">No links match.</p>
      ) : (
        groups.map((group) => (
          <section key={group.name} className="card link-group" aria-label={group.name}>
            <h2 className="card-title">
              {group.name} <span className="muted">({group.links.length})</span>
            </h2>
            <ul className="link-rows">
              {group.links.map((link) => (
                <LinkRow key={link.id} link={link} onEdit={() => setEditing(link)} onDelete={() => void deleteLink(link)} />
              ))}
            </ul>
          </section>
        ))
      )}
      {editing ? (
        <Dialog title="Edit Link" onClose={() => setEditing(null)}>
          <LinkForm
            initial={editing}
            submitLabel="Save Changes"
            onSave={async (values) => {
              await update.mutateAsync({ linkId: editing.id, version: editing.version, ...values });
              setEditing(null);
            }}
          />
        </Dialog>
      ) : null}
      {confirmDialog}
    </section>
  );
}
