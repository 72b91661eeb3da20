import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { TOKEN_STORAGE_KEY, type UploadedFile } from '@grove/shared';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from '../ui/test-providers';
import { FileUpload } from './FileUpload';

/** Stands in for the browser's XMLHttpRequest: records each request and lets the test drive it. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

function uploaded(id: string, name: string): UploadedFile {
  return { id, name, mimeType: 'image/jpeg', size: 3, sha256: 'a'.repeat(64), url: `/api/Files/${id}/content`, thumbnailUrl: `/api/Files/${id}/content?variant=thumb` };
}

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const CUSTOMER = '33333333-3333-4333-8333-333333333333';

function photo(name: string, size = 3, type = 'image/jpeg'): File {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Lets queued promise work (token check, state updates) run. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function row(name: string): HTMLElement {
  return screen.getByText(name).closest('li')!;
}

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

const revoke = vi.fn();

beforeEach(() => {
  revoke.mockClear();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn((file: Blob) => `blob:preview/${(file as File).name}`);
  URL.revokeObjectURL = revoke;
  localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('FileUpload', () => {
  it('uploads several photos with a progress bar each, previews them and reports the results', async () => {
    const onChange = vi.fn();
    renderWithProviders(<FileUpload kind="photo" customerId={CUSTOMER} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeTruthy();
    const camera = screen.getByTestId('upload-camera');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');

    fireEvent.change(screen.getByTestId('upload-picker'), { target: { files: [photo('lawn.jpg'), photo('hedge.jpg')] } });
    await settle();
    expect(FakeXhr.all).toHaveLength(2);
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect([first.method, first.url, first.withCredentials]).toEqual(['POST', '/api/Files/uploadPhoto', true]);
    expect(first.headers.authorization).toBe('Bearer test-token');
    // customerId goes before the file so the server can check it first.
    expect([...first.body!.keys()]).toEqual(['customerId', 'file']);
    expect(first.body!.get('customerId')).toBe(CUSTOMER);
    expect((first.body!.get('file') as File).name).toBe('lawn.jpg');

    expect(screen.getByRole('img', { name: 'Preview of lawn.jpg' }).getAttribute('src')).toBe('blob:preview/lawn.jpg');

    first.progress(50, 100);
    const bar = within(row('lawn.jpg')).getByRole('progressbar', { name: 'Upload progress of lawn.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(row('lawn.jpg')).getByText('Uploading… 50%')).toBeTruthy();

    first.respond(201, uploaded(ID1, 'lawn.jpg'));
    await settle();
    expect(within(row('lawn.jpg')).getByText('Uploaded')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith([uploaded(ID1, 'lawn.jpg')]);

    second.respond(201, uploaded(ID2, 'hedge.jpg'));
    await settle();
    expect(onChange).toHaveBeenLastCalledWith([uploaded(ID1, 'lawn.jpg'), uploaded(ID2, 'hedge.jpg')]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove lawn.jpg' }));
    await settle();
    expect(onChange).toHaveBeenLastCalledWith([uploaded(ID2, 'hedge.jpg')]);
    expect(revoke).toHaveBeenCalledWith('blob:preview/lawn.jpg');
  });

  it('cancels an upload in progress and retries it', async () => {
    const onChange = vi.fn();
    renderWithProviders(<FileUpload kind="photo" onChange={onChange} />);
    fireEvent.change(screen.getByTestId('upload-picker'), { target: { files: [photo('gate.png', 3, 'image/png')] } });
    await settle();
    const first = FakeXhr.all[0]!;
    first.progress(30, 100);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of gate.png' }));
    await settle();
    expect(first.aborted).toBe(true);
    expect(within(row('gate.png')).getByText('Upload cancelled')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry upload of gate.png' }));
    await settle();
    expect(FakeXhr.all).toHaveLength(2);
    FakeXhr.all[1]!.respond(201, uploaded(ID1, 'gate.png'));
    await settle();
    expect(within(row('gate.png')).getByText('Uploaded')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith([uploaded(ID1, 'gate.png')]);
  });

  it('shows the server’s refusal (415, 413) in the user’s words and retries after a network failure', async () => {
    renderWithProviders(<FileUpload kind="photo" onChange={() => undefined} />);
    fireEvent.change(screen.getByTestId('upload-picker'), { target: { files: [photo('fake.jpg'), photo('big.jpg')] } });
    await settle();
    FakeXhr.all[0]!.respond(415, { message: 'This file is not a supported photo. Use JPEG, PNG, WebP or HEIC.' });
    FakeXhr.all[1]!.respond(413, { message: 'The photo is larger than 20 MB.' });
    await settle();
    expect(within(row('fake.jpg')).getByRole('alert').textContent).toBe('This is not a supported photo. Use JPEG, PNG, WebP or HEIC.');
    expect(within(row('big.jpg')).getByRole('alert').textContent).toBe('This file is larger than 20 MB.');

    fireEvent.click(screen.getByRole('button', { name: 'Retry upload of big.jpg' }));
    await settle();
    act(() => FakeXhr.all[2]!.onerror?.());
    await settle();
    expect(within(row('big.jpg')).getByRole('alert').textContent).toBe('The connection was lost. Check your network and retry.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload of big.jpg' }));
    await settle();
    FakeXhr.all[3]!.respond(201, uploaded(ID2, 'big.jpg'));
    await settle();
    expect(within(row('big.jpg')).getByText('Uploaded')).toBeTruthy();
  });

  it('refuses too large or wrong files at once, without sending them', async () => {
    renderWithProviders(<FileUpload kind="file" onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
    const dropzone = screen.getByRole('group', { name: 'Upload area' });
    fireEvent.drop(dropzone, {
      dataTransfer: { files: [photo('huge.pdf', 60 * 1024 * 1024, 'application/pdf'), photo('setup.exe', 100, 'application/x-msdownload'), photo('notes.txt', 10, 'text/plain')] },
    });
    await settle();
    expect(within(row('huge.pdf')).getByRole('alert').textContent).toBe('This file is larger than 50 MB.');
    expect(within(row('setup.exe')).getByRole('alert').textContent).toMatch(/not accepted/);
    expect(FakeXhr.all).toHaveLength(1);
    expect((FakeXhr.all[0]!.body!.get('file') as File).name).toBe('notes.txt');
    expect(FakeXhr.all[0]!.url).toBe('/api/Files/uploadFile');
  });

  it('runs two uploads at a time; the next starts when one finishes', async () => {
    renderWithProviders(<FileUpload kind="photo" onChange={() => undefined} />);
    fireEvent.change(screen.getByTestId('upload-picker'), { target: { files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] } });
    await settle();
    expect(FakeXhr.all).toHaveLength(2);
    expect(within(row('c.jpg')).getByText('Waiting…')).toBeTruthy();
    FakeXhr.all[0]!.respond(201, uploaded(ID1, 'a.jpg'));
    await settle();
    expect(FakeXhr.all).toHaveLength(3);
    expect((FakeXhr.all[2]!.body!.get('file') as File).name).toBe('c.jpg');
  });

  it('revokes preview URLs and cancels running uploads when it goes away', async () => {
    const { unmount } = renderWithProviders(<FileUpload kind="photo" onChange={() => undefined} />);
    fireEvent.change(screen.getByTestId('upload-picker'), { target: { files: [photo('tree.webp', 3, 'image/webp')] } });
    await settle();
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:preview/tree.webp');
    expect(FakeXhr.all[0]!.aborted).toBe(true);
  });
});
