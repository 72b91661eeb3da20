import { NewThreadForm } from '../components/NewThreadForm';

/** /message-center/messages/new: staff start a conversation with a customer's users. */
export default function MessageCenterNewPage() {
  return <NewThreadForm audience="staff" detailPath={(id) => `/message-center/messages/${id}/view`} cancelPath="/message-center" />;
}
