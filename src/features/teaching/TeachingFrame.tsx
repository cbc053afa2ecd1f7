import { Fragment, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { linkManifest, useFieldOwner } from './offline';
import './teaching.css';

/** /staff/classes/*: the instructor's view, which the phone keeps for use without signal. */
export default function TeachingFrame() {
  useEffect(linkManifest, []);
  // One person's pages at a time: what one instructor's page holds (records waiting to be sent among
  // them) never stays on screen, nor is sent, once someone else is signed in on this phone.
  const uid = useFieldOwner();
  return (
    <Suspense fallback={<PageLoading label="Loading…" />}>
      <Fragment key={uid}>
        <Outlet />
      </Fragment>
    </Suspense>
  );
}
