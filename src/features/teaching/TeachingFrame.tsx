import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { linkManifest, useFieldOwner } from './offline';
import './teaching.css';

const MyClasses = lazy(() => import('./MyClasses'));
const TaughtClass = lazy(() => import('./TaughtClass'));

/** /staff/classes/*: the instructor's view. */
export default function TeachingRoutes() {
  useEffect(linkManifest, []);
  // One person's pages at a time: what one instructor's page holds (records waiting to be sent among
  // them) never stays on screen, nor is sent, once someone else is signed in on this phone.
  const uid = useFieldOwner();
  return (
    <Suspense fallback={<PageLoading label="Loading…" />}>
      <Routes key={uid}>
        <Route path="classes" element={<MyClasses />} />
        <Route path="classes/:id" element={<TaughtClass />} />
      </Routes>
    </Suspense>
  );
}
