// The office's announcements above the class list, most urgent first.
import type { AnnouncementSeverity, PublicAnnouncement } from '../../../contract/domain';
import { Markdown } from '../../components/Markdown';

const SAID: Record<AnnouncementSeverity, string> = { urgent: 'Important', warning: 'Please note', info: 'News' };
const ICON: Record<AnnouncementSeverity, string> = { urgent: 'pi-exclamation-circle', warning: 'pi-exclamation-triangle', info: 'pi-info-circle' };

export function Announcements({ list }: { list: PublicAnnouncement[] }) {
  if (!list.length) return null;
  return (
    <div className="announcements">
      {list.map((a) => (
        <section key={a.id} className={`announcement announcement-${a.severity}`} aria-label={SAID[a.severity]}>
          <span className={`pi ${ICON[a.severity]}`} aria-hidden="true" />
          <Markdown text={a.markdown} className="markdown" />
        </section>
      ))}
    </div>
  );
}
