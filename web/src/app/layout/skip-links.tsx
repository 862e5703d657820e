import { usePageSkipLinkOffered } from '@/lib/page-skip-link';

/** The first stops of the tab order: past the sidebar and header to the page, and to the page's own target. */
export function SkipLinks({ mainId }: { mainId: string }) {
  const pageLink = usePageSkipLinkOffered();
  return (
    <>
      <a href={`#${mainId}`} className="skip-link">
        Skip to content
      </a>
      {pageLink ? (
        <button type="button" className="skip-link" onClick={pageLink.activate}>
          {pageLink.label}
        </button>
      ) : null}
    </>
  );
}
