import { LibraryBrowser } from '../components/LibraryBrowser';

/** /file-library: the top-level folders of the staff file library. */
export default function FileLibraryPage() {
  return <LibraryBrowser folderId={null} />;
}
