import { Image, Stack, Typography } from '@mantine/core';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';

/**
 * An item's image and text. The HTML was sanitised by the server on the way in (an allow-list
 * without scripts, handlers or javascript: links, decision 027), so it is rendered as stored.
 */
export function ContentBody({ html, imageId, alt }: { html: string; imageId: string | null; alt: string }) {
  const src = useAuthedFileUrl(imageId, 'web');
  return (
    <Stack gap="sm">
      {imageId && src && <Image src={src} alt={alt} radius="md" mah={320} fit="cover" />}
      <Typography>
        {/* Sanitised on the server (api content/sanitize.ts). */}
        <div style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </Stack>
  );
}
