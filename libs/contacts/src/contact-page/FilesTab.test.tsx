import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_FILE_MAX_BYTES, type ContactFile } from '@crm/contract';
import { callsOf } from '@crm/testing';
import { FilesTab } from './FilesTab';
import { fileFixture, renderPiece, unprocessable, ZONE } from './test/fixtures';

const pdf = (name = 'application.pdf', size = 2048) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('FilesTab', () => {
  it('lists the files with name, human size, uploader and date in the user zone, and shows the limits', async () => {
    renderPiece(<FilesTab contactId={5} zone={ZONE} />, {
      listContactFiles: () => ({ data: [fileFixture(1, { file_name: 'id-card.png', byte_size: 3_250_000 })] }),
    });
    const row = await screen.findByRole('row', { name: /id-card\.png/ });
    expect(row).toHaveTextContent('3.1 MB');
    expect(row).toHaveTextContent('Ann Agent');
    expect(row).toHaveTextContent('03/05/2026 10:30 AM');
    expect(screen.getByLabelText('Attach a file')).toHaveAccessibleDescription(/At most 20 MB\. Accepted: pdf, doc, docx/);
  });

  it('uploads the chosen file as multipart and lists it', async () => {
    let files: ContactFile[] = [];
    const { client } = renderPiece(<FilesTab contactId={5} zone={ZONE} />, {
      listContactFiles: () => ({ data: files }),
      uploadContactFile: () => {
        files = [fileFixture(2, { file_name: 'application.pdf' })];
        return { data: files[0] };
      },
    });
    await screen.findByText('No files yet.');
    await userEvent.upload(screen.getByLabelText('Attach a file'), pdf());
    expect(await screen.findByRole('row', { name: /application\.pdf/ })).toBeVisible();
    const call = callsOf(client, 'uploadContactFile')[0];
    expect(call?.params).toEqual({ id: 5 });
    const sent = (call?.body as FormData).get('file') as File;
    expect(sent.name).toBe('application.pdf');
    expect(await screen.findByText('application.pdf uploaded.')).toBeVisible();
  });

  it('takes a file dropped on the zone', async () => {
    const { client } = renderPiece(<FilesTab contactId={5} zone={ZONE} />, {
      listContactFiles: () => ({ data: [] }),
      uploadContactFile: () => ({ data: fileFixture(3, { file_name: 'dropped.pdf' }) }),
    });
    await screen.findByText('No files yet.');
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    await waitFor(() => expect(callsOf(client, 'uploadContactFile')).toHaveLength(1));
  });

  it("shows the server's 422 beside the field, and refuses too large a file before sending it", async () => {
    const { client } = renderPiece(<FilesTab contactId={5} zone={ZONE} />, {
      listContactFiles: () => ({ data: [] }),
      uploadContactFile: () => {
        throw unprocessable({ file: 'The file does not look like a PDF' });
      },
    });
    await screen.findByText('No files yet.');
    const input = screen.getByLabelText('Attach a file');
    await userEvent.upload(input, pdf());
    expect(await screen.findByText('The file does not look like a PDF')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.upload(input, pdf('huge.pdf', CONTACT_FILE_MAX_BYTES + 1));
    expect(await screen.findByText('File must be at most 20 MB')).toBeVisible();
    expect(callsOf(client, 'uploadContactFile')).toHaveLength(1);
  });

  it('downloads a file under its original name', async () => {
    const { client } = renderPiece(<FilesTab contactId={5} zone={ZONE} />, {
      listContactFiles: () => ({ data: [fileFixture(4, { file_name: 'Policy summary.pdf' })] }),
    });
    const blob = new Blob(['%PDF']);
    vi.mocked(client.download).mockResolvedValue({ filename: '4', blob });
    await userEvent.click(await screen.findByRole('button', { name: 'Download Policy summary.pdf' }));
    await waitFor(() => expect(client.saveDownload).toHaveBeenCalledWith({ filename: 'Policy summary.pdf', blob }));
    expect(client.download).toHaveBeenCalledWith('downloadContactFile', { params: { id: 5, fileId: 4 } });
  });

  it('deletes a file after confirming', async () => {
    let files = [fileFixture(6, { file_name: 'old.pdf' })];
    const { client } = renderPiece(<FilesTab contactId={5} zone={ZONE} />, {
      listContactFiles: () => ({ data: files }),
      deleteContactFile: () => {
        files = [];
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete old.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete old.pdf?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('No files yet.')).toBeVisible();
    expect(callsOf(client, 'deleteContactFile')).toEqual([{ params: { id: 5, fileId: 6 } }]);
  });
});
