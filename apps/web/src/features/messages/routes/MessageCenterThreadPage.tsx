import { useParams } from 'react-router';
import { ThreadView } from '../components/ThreadView';

/** /message-center/messages/{messageId}/view. */
export default function MessageCenterThreadPage() {
  const { messageId } = useParams();
  return <ThreadView key={messageId} threadId={messageId} audience="staff" listPath="/message-center" />;
}
