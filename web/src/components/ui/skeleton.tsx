import type { CSSProperties, ReactNode } from 'react';
import './skeleton.css';

/** A grey block where content will be; hidden from assistive technology (the region says "Loading"). */
export function Skeleton({ width, height, className }: { width?: CSSProperties['width']; height?: CSSProperties['height']; className?: string }) {
  return <span aria-hidden="true" className={['skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} />;
}

/**
 * A region still loading: aria-busy, with its label said once politely and shown to nobody, and blocks in
 * the shape of what is coming (so the page does not jump when it arrives).
 */
export function LoadingRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="status" aria-busy="true" className={['loading-region', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/** A few lines of text-shaped blocks: the usual stand-in for a section or a list. */
export function SkeletonLines({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <LoadingRegion label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height="0.9rem" width={index === lines - 1 ? '60%' : '100%'} />
      ))}
    </LoadingRegion>
  );
}

/** A grid of card-shaped blocks (project cards, note cards). */
export function SkeletonCards({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <LoadingRegion label={label} className="skeleton-cards">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className="skeleton-card" />
      ))}
    </LoadingRegion>
  );
}
