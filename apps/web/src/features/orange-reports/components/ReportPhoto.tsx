import { Loader } from '@mantine/core';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import classes from './ReportPhoto.module.css';

/** A stored photo fetched with the session's token (an <img src> cannot send it). */
export function ReportPhoto({ fileId, alt, variant = 'thumb', className }: { fileId: string; alt: string; variant?: 'thumb' | 'web' | 'original'; className?: string }) {
  const url = useAuthedFileUrl(fileId, variant);
  if (!url)
    return (
      <span className={`${classes.placeholder} ${className ?? ''}`} role="img" aria-label={alt}>
        <Loader size="xs" />
      </span>
    );
  return <img src={url} alt={alt} className={`${classes.image} ${className ?? ''}`} />;
}
