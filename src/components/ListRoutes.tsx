// An office list and its forms under one path: the list at the index, a new record at `new`, one
// record at `:id` (each form a page of its own).
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';

export function ListRoutes({ list, create, edit }: { list: ReactNode; create: ReactNode; edit: ReactNode }) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path="new" element={<div className="page">{create}</div>} />
      <Route path=":id" element={<div className="page">{edit}</div>} />
    </Routes>
  );
}
