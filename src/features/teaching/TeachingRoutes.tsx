import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { linkManifest } from './offline';
import './teaching.css';

const MyClasses = lazy(() => import('./MyClasses'));
const TaughtClass = lazy(() => import('./TaughtClass'));

/** /staff/classes/*: the instructor's view. */
export default function TeachingRoutes() {
  useEffect(linkManifest, []);
  return (
    <Suspense fallback={<PageLoading label="Loading…" />}>
      <Routes>
        <Route path="classes" element={<MyClasses />} />
        <Route path="classes/:id" element={<TaughtClass />} />
      </Routes>
    </Suspense>
  );
}
