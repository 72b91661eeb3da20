import { ThreadList } from '../components/ThreadList';

/** /message-center: one inbox across every customer in the staff member's scope. */
export default function MessageCenterPage() {
  return <ThreadList audience="staff" basePath="/message-center/messages" />;
}
