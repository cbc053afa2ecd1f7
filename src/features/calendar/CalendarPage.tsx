import { NotBuiltYet } from '../../components/NotBuiltYet';

export default function CalendarPage() {
  return <NotBuiltYet title="Class Calendar" />;
}
