// A child's whole profile on one form (the family's edit and the office's correction): what is wrong
// said once above, then the student's info and the health and safety sections.
import type { StudentProfile } from '../../../contract/domain';
import type { Errors } from './errors';
import { HealthFields } from './HealthFields';
import { StudentInfoFields } from './StudentInfoFields';

export function ProfileFields({ profile, errors, set }: { profile: StudentProfile; errors: Errors; set: (patch: Partial<StudentProfile>) => void }) {
  return (
    <>
      {Object.keys(errors).length > 0 && (
        <p className="form-failure" role="alert">
          Please fix the fields marked below.
        </p>
      )}
      <StudentInfoFields profile={profile} errors={errors} set={set} />
      <HealthFields profile={profile} errors={errors} set={set} />
    </>
  );
}
