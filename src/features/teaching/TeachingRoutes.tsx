import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import './teaching.css';

const MyClasses = lazy(() => import('./MyClasses'));
const TaughtClass = lazy(() => import('./TaughtClass'));

/** /staff/classes/*: the instructor's view. */
export default function TeachingRoutes() {
  return (
    <Suspense fallback={<PageLoading label="Loading…" />}>
      <Routes>
        <Route path="classes" element={<MyClasses />} />
        <Route path="classes/:id" element={<TaughtClass />} />
      </Routes>
    </Suspense>
  );
}
