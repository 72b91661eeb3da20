import { useParams } from 'react-router';
import { LibraryBrowser } from '../components/LibraryBrowser';

/** /file-library/{folderId}: a folder with its path, subfolders and files. */
export default function FolderPage() {
  const { folderId = '' } = useParams();
  return <LibraryBrowser key={folderId} folderId={folderId} />;
}
