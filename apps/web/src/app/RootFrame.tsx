import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useLiveEvents } from './live-events';
import classes from './RootFrame.module.css';

/** The outermost route: a thin progress bar while the next page loads, then the page; the tab's live event stream. */
export function RootFrame() {
  const navigation = useNavigation();
  useLiveEvents();
  return (
    <>
      {navigation.state !== 'idle' && <div className={classes.progress} role="progressbar" aria-busy="true" aria-hidden />}
      {/* A screen whose texts are still loading waits here (decision 028); route changes keep the old screen meanwhile. */}
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's guard and chunk load. */
export function RouteFallback() {
  return (
    <Center h="100dvh">
      <Loader color="orange" type="dots" />
    </Center>
  );
}
