import { Loader } from '@mantine/core';
import { isLocalPhotoId, useLocalPhotoUrl } from '../../../app/offline/local-photos';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import classes from './ReportPhoto.module.css';

/** A stored photo fetched with the session's token (an <img src> cannot send it). */
export function ReportPhoto({ fileId, alt, variant = 'thumb', className }: { fileId: string; alt: string; variant?: 'thumb' | 'web' | 'original'; className?: string }) {
  // A photo taken offline is still on this device (decision 019).
  const local = isLocalPhotoId(fileId);
  const deviceUrl = useLocalPhotoUrl(local ? fileId : null);
  const serverUrl = useAuthedFileUrl(local ? null : fileId, variant);
  const url = local ? deviceUrl : serverUrl;
  if (!url)
    return (
      <span className={`${classes.placeholder} ${className ?? ''}`} role="img" aria-label={alt}>
        <Loader size="xs" />
      </span>
    );
  return <img src={url} alt={alt} className={`${classes.image} ${className ?? ''}`} />;
}
