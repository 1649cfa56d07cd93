import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../api/http';
import { notify } from '../toast/toast';
import { PhotoUploader, UPLOAD_SUCCESS_TOAST, photoProblem } from './PhotoUploader';

jest.mock('../toast/toast', () => ({ ...jest.requireActual('../toast/toast'), notify: jest.fn() }));
const notifyMock = notify as jest.MockedFunction<typeof notify>;

const png = (name: string, size = 10): File => new File([new Uint8Array(size)], name, { type: 'image/png' });

function choose(files: File[]): void {
  fireEvent.change(screen.getByLabelText('Photos (PNG)'), { target: { files } });
}

/** Lets pending promise callbacks run (fake timers do not run them by themselves). */
async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  notifyMock.mockReset();
});

describe('PhotoUploader', () => {
  it('uploads the chosen files one at a time, one every 3 s, with a toast and progress for each', async () => {
    const upload = jest.fn((file: File) => Promise.resolve(`http://api/images/${file.name}`));
    const onUploaded = jest.fn();
    render(<PhotoUploader onUploaded={onUploaded} upload={upload} />);
    const input = screen.getByLabelText('Photos (PNG)');
    expect(input).toHaveAttribute('accept', 'image/png');

    choose([png('a.png'), png('b.png'), png('c.png')]);
    await flush();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0][0].name).toBe('a.png');
    expect(screen.getByText('Uploaded 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '1');
    expect(notifyMock).toHaveBeenLastCalledWith(UPLOAD_SUCCESS_TOAST);
    expect(input).toBeDisabled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2999);
    });
    expect(upload).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Uploaded 2 of 3')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalledWith(expect.arrayContaining([expect.any(String)]));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(upload).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Uploaded 3 of 3')).toBeInTheDocument();
    expect(notifyMock).toHaveBeenCalledTimes(3);
    expect(onUploaded).toHaveBeenLastCalledWith([
      'http://api/images/a.png',
      'http://api/images/b.png',
      'http://api/images/c.png',
    ]);
    expect(screen.getByRole('img', { name: 'c.png' })).toHaveAttribute('src', 'http://api/images/c.png');
    expect(input).toBeEnabled();
  });

  it("names the caller's button in the toast (an edit form's Save Changes)", async () => {
    const upload = jest.fn(() => Promise.resolve('http://api/images/a.png'));
    render(<PhotoUploader onUploaded={jest.fn()} upload={upload} submitLabel="Save Changes" />);
    choose([png('a.png')]);
    await flush();
    expect(notifyMock).toHaveBeenCalledWith({
      text: 'File Upload Successfully Kindly Please Click Again for Save Changes',
      kind: 'success',
    });
    expect(notifyMock).not.toHaveBeenCalledWith(UPLOAD_SUCCESS_TOAST);
  });

  it('refuses files that are not PNG before sending anything', async () => {
    const upload = jest.fn();
    const onUploaded = jest.fn();
    render(<PhotoUploader onUploaded={onUploaded} upload={upload} />);
    choose([png('a.png'), new File(['x'], 'b.jpg', { type: 'image/jpeg' })]);
    await flush();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('b.jpg is not a PNG image. Please choose PNG files only.');
    expect(notifyMock).toHaveBeenCalledWith({ text: 'Please choose PNG images only', kind: 'error' });
    expect(onUploaded).toHaveBeenLastCalledWith([]);
  });

  it('refuses a choice of more photos than a product or item may have, before sending anything', async () => {
    const upload = jest.fn();
    const onUploaded = jest.fn();
    render(<PhotoUploader onUploaded={onUploaded} upload={upload} />);
    choose(Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)));
    await flush();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('You chose 11 photos; please choose at most 10.');
    expect(notifyMock).toHaveBeenCalledWith({ text: 'Please choose at most 10 photos', kind: 'error' });
    expect(onUploaded).toHaveBeenLastCalledWith([]);
    expect(screen.queryByText(/Uploaded \d+ of/)).not.toBeInTheDocument();
  });

  it("shows the server's message when an upload fails and retries from that file", async () => {
    const upload = jest
      .fn<Promise<string>, [File]>()
      .mockResolvedValueOnce('http://api/images/1.png')
      .mockRejectedValueOnce(new ApiError(400, 'Only PNG images are accepted'))
      .mockResolvedValueOnce('http://api/images/2.png');
    const onUploaded = jest.fn();
    render(<PhotoUploader onUploaded={onUploaded} upload={upload} />);
    choose([png('a.png'), png('fake.png')]);
    await flush();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('fake.png: Only PNG images are accepted');
    expect(notifyMock).toHaveBeenLastCalledWith({ text: 'Only PNG images are accepted', kind: 'error' });
    expect(screen.getByText('Uploaded 1 of 2')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalledWith(expect.arrayContaining([expect.any(String)]));

    fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    await flush();
    expect(upload).toHaveBeenCalledTimes(3);
    expect(upload.mock.calls[2][0].name).toBe('fake.png');
    expect(screen.getByText('Uploaded 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onUploaded).toHaveBeenLastCalledWith(['http://api/images/1.png', 'http://api/images/2.png']);
  });

  it('stays locked while disabled', () => {
    render(<PhotoUploader onUploaded={jest.fn()} upload={jest.fn()} disabled />);
    expect(screen.getByLabelText('Photos (PNG)')).toBeDisabled();
  });

  it('checks type and size', () => {
    expect(photoProblem(png('a.png'))).toBeNull();
    expect(photoProblem(new File(['x'], 'a.png', { type: '' }))).toBeNull();
    expect(photoProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toMatch(/not a PNG/);
    expect(photoProblem(png('big.png', 5 * 1024 * 1024 + 1))).toBe('big.png is larger than 5 MB.');
  });
});
