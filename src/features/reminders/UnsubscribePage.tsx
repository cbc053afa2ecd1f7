// /unsubscribe?token=…: the link at the foot of every reminder email. Nothing changes on
// opening the page (mail scanners open links): the family presses the button. Receipts still come.
import { useSearchParams } from 'react-router-dom';
import { Button, LinkButton } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { useSetReminders } from './api';

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const change = useSetReminders();
  const off = change.data?.off;
  return (
    <div className="page page-narrow">
      <h1>Email reminders</h1>
      {off === undefined && (
        <>
          <p>Stop the reminders before a class starts, before a balance is due and to review your child’s information? Receipts and messages about your enrollments still come.</p>
          <Button disabled={change.isPending || !token} onClick={() => change.mutate({ token, off: true })}>
            Stop the reminders
          </Button>
        </>
      )}
      {off === true && (
        <div role="status">
          <p>The reminders are off. You still receive receipts and messages about your enrollments.</p>
          <Button variant="outlined" disabled={change.isPending} onClick={() => change.mutate({ token, off: false })}>
            Turn the reminders back on
          </Button>
        </div>
      )}
      {off === false && (
        <p role="status">The reminders are on again.</p>
      )}
      <FormFailure problem={token ? '' : 'This link is not complete: open it from the email again.'} error={change.error} />
      <p>
        <LinkButton variant="text" to="/classes/enrollment">
          Back to the classes
        </LinkButton>
      </p>
    </div>
  );
}
