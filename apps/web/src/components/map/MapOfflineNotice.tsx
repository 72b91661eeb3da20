import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TileState } from './leaflet-map';
import classes from './PropertyMap.module.css';

/** Says so when the background tiles cannot load; the shapes stay on a plain background. */
export function MapOfflineNotice({ state }: { state: TileState }) {
  const { t } = useTranslation('map');
  if (state !== 'offline') return null;
  return (
    <div className={classes.notice}>
      <span className={classes.noticeText} role="status" data-testid="map-offline">
        <IconWifiOff size={12} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
        {t('offline')}
      </span>
    </div>
  );
}
