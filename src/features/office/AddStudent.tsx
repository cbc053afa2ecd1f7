// /admin/families/:id/child: the office adds a child to a family's account on the family's own form
// (a family that called, or one the office just made an account for), saying why. The family sees the
// child on My Students; the office goes back to the family's page to enroll the child by phone.
import { useNavigate, useParams } from 'react-router-dom';
import { emptyProfile } from '../../components/studentForm/profile';
import { useNotify } from '../../lib/toast';
import { useAddStudent } from './api';
import { OfficeStudentForm } from './CorrectStudent';

export default function AddStudent() {
  const { id = '' } = useParams();
  const add = useAddStudent();
  const notify = useNotify();
  const navigate = useNavigate();
  const back = `/admin/families/${id}`;
  return (
    <div className="page">
      <OfficeStudentForm
        title="Add a child to the family"
        intro="The family’s own form: what the family tells you. The family sees the child on My Students and confirms the information at its first enrollment. Your reason stays in the audit trail."
        initial={emptyProfile()}
        reasonLabel="Why (for the audit trail)"
        saveLabel="Add the child"
        back={back}
        pending={add.isPending}
        onSave={async (profile, reason) => {
          await add.mutateAsync({ ownerUid: id, profile, reason });
          notify({ severity: 'success', summary: 'Saved', detail: `${profile.firstName} is added to the family.` });
          navigate(back);
        }}
      />
    </div>
  );
}
