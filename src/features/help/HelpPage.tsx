import { Link } from 'react-router-dom';
import { Markdown } from '../../components/Markdown';
import { useSettings } from '../../lib/settingsContext';

/** /help: answers for families. */
export default function HelpPage() {
  const { support_email, payment_instructions } = useSettings();
  return (
    <div className="page page-narrow help-page">
      <h1>Help for families</h1>
      <section aria-labelledby="help-account">
        <h2 id="help-account">Create an account</h2>
        <p>
          Choose <strong>Register / Sign In</strong> at the top of the page, then <strong>Create With Email</strong>. Use an
          email you read: confirmations and receipts go there. Your password needs at least 6 characters. Forgot it? On
          the sign-in page, after a failed attempt, choose <strong>Send a password reset email</strong>.
        </p>
        <p>
          We email you a link to confirm your address when you create the account: open it before you enroll, however you
          pay (a seat or a waitlist place is kept only for a confirmed address). If you reach the review step first, it
          offers to send the link again and carries on by itself as soon as you have opened it.
        </p>
      </section>
      <section aria-labelledby="help-enroll">
        <h2 id="help-enroll">Enroll a child</h2>
        <ol>
          <li>
            On <Link to="/classes/enrollment">Class Enrollment</Link>, pick the semester tab, search or filter by grade, and
            select classes. Bundles cost less when you take every class in them.
          </li>
          <li>Choose Continue, sign in (or create your account), and pick your child or add a new one.</li>
          <li>Fill in or check the student info and the health and safety information.</li>
          <li>Sign the releases by typing your full name.</li>
          <li>Review the prices, add a discount code if you have one, and enroll.</li>
        </ol>
        <p>
          Your progress is saved while you are signed in: if you stop half-way, you continue where you left off next
          time (or choose <strong>Start over</strong>).
        </p>
      </section>
      <section aria-labelledby="help-second">
        <h2 id="help-second">A second child</h2>
        <p>
          Enroll one child at a time. After the first enrollment, choose <strong>Enroll another student</strong> and pick
          <strong> A new student</strong>. Their information is saved for next time.
        </p>
      </section>
      <section aria-labelledby="help-review">
        <h2 id="help-review">&ldquo;Still accurate&rdquo; checks</h2>
        <p>
          If a child&apos;s information was last checked more than 12 months ago, we ask you to look it over and confirm
          it is still accurate before enrolling. Instructors rely on it in the field: contacts, allergies and
          medications must be current.
        </p>
      </section>
      <section aria-labelledby="help-pay">
        <h2 id="help-pay">Paying</h2>
        <p>Your enrollment is confirmed right away with a balance due. To pay:</p>
        <Markdown text={payment_instructions} />
        <p>
          You can see what you paid and what is due on <Link to="/account/enrollments">My Enrollments</Link>. There, each checkout and
          each payment has a receipt (PDF), and each year you paid in has a year-end statement, with the school&apos;s address and tax id,
          for tax and flexible-spending claims.
        </p>
      </section>
      <section aria-labelledby="help-change">
        <h2 id="help-change">Changes and cancellations</h2>
        <p>
          To change a class or cancel, write to us. The office cancels the classes you ask for and tells you the refund.
          You can update your child&apos;s information yourself on <Link to="/account/students">My Students</Link>.
        </p>
      </section>
      <section aria-labelledby="student-units">
        <h2 id="student-units">Student Units (for staff)</h2>
        <p>
          The menu&apos;s Student Units entry opens the school&apos;s teaching units on the school&apos;s own site. Until the office gives that site&apos;s address (the{' '}
          <code>student_units_url</code> setting, in the admin guide), it opens this note.
        </p>
      </section>
      <section aria-labelledby="help-contact">
        <h2 id="help-contact">Contact</h2>
        <p>
          Email <a href={`mailto:${support_email}`}>{support_email}</a>. We answer within two school days.
        </p>
      </section>
    </div>
  );
}
