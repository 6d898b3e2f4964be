import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf } from '@crm/testing';
import { DataCaptureTab } from './DataCaptureTab';
import { renderPiece, unprocessable, ZONE } from './test/fixtures';

const capture = {
  data: {
    data_captures: [
      { question: 'Current coverage', answer: 'None' },
      { question: 'Tobacco use', answer: '' },
    ],
    updated_at: '2026-03-05T15:30:00Z',
    updated_by: { id: 7, name: 'Ann Agent' },
  },
};

describe('DataCaptureTab', () => {
  it('shows each question with its answer and who saved them last', async () => {
    renderPiece(<DataCaptureTab contactId={5} zone={ZONE} />, { showDataCapture: () => capture });
    expect(await screen.findByLabelText('Current coverage')).toHaveValue('None');
    expect(screen.getByLabelText('Tobacco use')).toHaveValue('');
    expect(screen.getByText('Last saved 03/05/2026 10:30 AM by Ann Agent')).toBeVisible();
  });

  it('saves edited answers, an added question and without a removed one', async () => {
    const { client } = renderPiece(<DataCaptureTab contactId={5} zone={ZONE} />, {
      showDataCapture: () => capture,
      updateDataCapture: (options) => ({ data: { ...capture.data, ...(options?.body as object) } }),
    });
    await userEvent.type(await screen.findByLabelText('Tobacco use'), 'Never');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the question Current coverage' }));
    await userEvent.type(screen.getByLabelText('New question'), 'Favourite doctor');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(screen.getByLabelText('Favourite doctor'), 'Dr. Chen');
    await userEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Answers saved.')).toBeVisible();
    expect(callsOf(client, 'updateDataCapture')).toEqual([
      {
        params: { id: 5 },
        body: {
          data_captures: [
            { question: 'Tobacco use', answer: 'Never' },
            { question: 'Favourite doctor', answer: 'Dr. Chen' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('refuses an empty question', async () => {
    renderPiece(<DataCaptureTab contactId={5} zone={ZONE} />, { showDataCapture: () => capture });
    await screen.findByLabelText('Current coverage');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(screen.getByText('Question is required')).toBeVisible();
  });

  it('keeps unsaved edits when saving fails and shows the message beside the answer', async () => {
    renderPiece(<DataCaptureTab contactId={5} zone={ZONE} />, {
      showDataCapture: () => capture,
      updateDataCapture: () => {
        throw unprocessable({ 'data_captures.1.answer': 'Answer must be at most 2000 characters' });
      },
    });
    await userEvent.type(await screen.findByLabelText('Tobacco use'), 'Quit in 2019');
    await userEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Answer must be at most 2000 characters')).toBeVisible();
    expect(screen.getByLabelText('Tobacco use')).toHaveValue('Quit in 2019');
    expect(screen.getByLabelText('Tobacco use')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });
});
