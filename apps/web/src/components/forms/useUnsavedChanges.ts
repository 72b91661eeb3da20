import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../ui/ConfirmDialog';

/**
 * Warns before unsaved changes are lost: leaving the page in the app asks first, closing or
 * reloading the tab triggers the browser's own prompt. Call `allowLeave()` right before navigating
 * away after a successful save.
 */
export function useUnsavedChanges(dirty: boolean) {
  const { t } = useTranslation('forms');
  const confirm = useConfirm();
  const bypass = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        !bypass.current && dirtyRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      confirmLabel: t('unsaved.leave'),
      cancelLabel: t('unsaved.stay'),
    }).then((leave) => {
      const current = blockerRef.current;
      if (!active || current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker.state, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    allowLeave: useCallback(() => {
      bypass.current = true;
    }, []),
  };
}
