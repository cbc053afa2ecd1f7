import { NotBuiltYet } from '../../components/NotBuiltYet';

export default function DonatePage() {
  return <NotBuiltYet title="Donate" />;
}
