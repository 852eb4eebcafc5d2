import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { attachmentAccept } from '#shared/schemas/files';
import { messages } from '#shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '#shared/schemas/files';
import { ApiError } from '#web/lib/api-client.ts';
import { type MockResponse } from '#web/testing/mock-api.ts';
import { searchNotice } from '../components/distributor-search';
import { user, relay, anAttachment, version, renderDetail, toastWith } from './component-detail-test-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('component detail', () => {
  it('checks a file in the browser, then uploads it through the presigned POST and files it for approval', async () => {
    let stored: Attachment[] = [];
    const { server } = renderDetail({
      extra: {
        [`GET /api/components/7/attachments`]: () => ({ body: stored }),
        'POST /api/uploads': {
          body: {
            url: 'http://s3.test/bucket',
            fields: { key: 'uploads/u1/01J/wiring.pdf', Policy: 'p' },
            uploadKey: 'uploads/u1/01J/wiring.pdf',
            maxSize: 10485760,
            expiresAt: '',
          },
        },
        'POST /bucket': { status: 204 },
        'POST /api/components/7/attachments': () => {
          stored = [anAttachment('01JPENDING', { fileName: 'wiring.pdf', isApproved: false })];
          return { status: 201, body: { requestId: '01JUPLOAD00000000000000000', attachmentId: '01JPENDING' } };
        },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Attachments' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Attachment' });
    const input = within(dialog).getByLabelText('File');
    expect(input).toHaveAttribute('accept', attachmentAccept);
    const upload = () => userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await upload();
    await toastWith('No file selected', 'Please select a file to upload');
    // The picker's filter is only a hint: a file of another type is refused before anything is sent.
    await userEvent.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    await upload();
    await toastWith('Invalid file type', messages.attachmentTypeInvalid);
    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(input, huge);
    await upload();
    await toastWith('File too large', 'The file size must be less than 10MB');
    expect(server.callsTo('POST /api/uploads')).toHaveLength(0);

    await userEvent.upload(input, new File(['%PDF-1.4'], 'wiring.pdf', { type: 'application/pdf' }));
    await upload();
    const submitted = await screen.findByRole('dialog', { name: 'File Submitted Successfully' });
    expect(within(submitted).getByTestId('request-id')).toHaveTextContent('01JUPLOAD00000000000000000');
    await toastWith('Upload Submitted', 'Your file has been submitted for approval.');
    expect(server.callsTo('POST /api/uploads')[0]!.body).toEqual({
      fileName: 'wiring.pdf',
      fileType: 'application/pdf',
      size: 8,
      purpose: 'attachment',
    });
    expect(server.callsTo('POST /api/components/7/attachments')[0]!.body).toEqual({
      fileName: 'wiring.pdf',
      fileType: 'application/pdf',
      uploadKey: 'uploads/u1/01J/wiring.pdf',
      componentId: 7,
      username: 'jo',
    });
    const pending = await screen.findByRole('list', { name: 'Pending Approval', hidden: true });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Awaiting approval')).toBeInTheDocument();
  });

  it('groups the attachments, shows the first approved image, and deletes a pending one', async () => {
    let attachments = [
      anAttachment('01JDOC', { fileName: 'datasheet.pdf', imageSource: 'digikey', sourceConfidence: 0.95 }),
      anAttachment('01JPEND', { fileName: 'draft.png', fileType: 'image/png', isApproved: false }),
      anAttachment('01JIMG1', { fileName: 'front.png', fileType: 'image/png' }),
      anAttachment('01JIMG2', { fileName: 'side.jpg', fileType: 'image/jpeg' }),
      anAttachment('01JSTEP', { fileName: '3RT2015.step', fileType: 'model/step' }),
      anAttachment('01JDWG', { fileName: 'outline.dwg', fileType: 'image/vnd.dwg' }),
      anAttachment('01JEDZ', { fileName: 'SIE.3RT2015-1BB41.edz', fileType: 'application/vnd.eplan.edz' }),
    ];
    const { server } = renderDetail({
      component: { ...relay, dataSheet: '/api/components/7/files/dataSheet' },
      extra: {
        'GET /api/components/7/attachments': () => ({ body: attachments }),
        'DELETE /api/components/7/attachments/01JPEND': () => {
          attachments = attachments.filter((attachment) => attachment.id !== '01JPEND');
          return { body: { message: 'The attachment has been deleted.' } };
        },
      },
    });
    expect(await screen.findByRole('img', { name: '3RT2015-1BB41: front.png' })).toHaveAttribute(
      'src',
      '/api/attachments/01JIMG1/download',
    );
    await userEvent.click(screen.getByRole('tab', { name: /^Attachments/ }));
    expect(screen.getByRole('tab', { name: /^Attachments/ })).toHaveTextContent('Attachments(1 pending)');
    const panel = screen.getByRole('tabpanel', { name: /^Attachments/ });
    expect(
      within(within(panel).getByRole('list', { name: 'Images' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['front.png', 'side.jpg']);
    const documents = within(panel).getByRole('list', { name: 'Documents & Datasheets' });
    expect(within(documents).getByRole('link', { name: 'Data Sheet' })).toHaveAttribute(
      'href',
      '/api/components/7/files/dataSheet',
    );
    expect(within(documents).getByRole('link', { name: 'datasheet.pdf' })).toHaveAttribute(
      'href',
      '/api/attachments/01JDOC/download',
    );
    expect(within(documents).getByText('Digi-Key · 95%')).toBeInTheDocument();
    // Design-tool files in groups of their own; a DWG drawing is never shown as a picture.
    for (const [group, name] of [
      ['3D Models', '3RT2015.step'],
      ['Drawings', 'outline.dwg'],
      ['CAD Archives', 'SIE.3RT2015-1BB41.edz'],
    ])
      expect(within(within(panel).getByRole('list', { name: group })).getByRole('link', { name })).toBeInTheDocument();
    // A user deletes only pending files; approved ones are an admin's to remove.
    expect(within(documents).queryByRole('button', { name: /^Delete / })).toBeNull();

    await userEvent.click(
      within(within(panel).getByRole('list', { name: 'Pending Approval' })).getByRole('button', {
        name: 'Delete draft.png',
      }),
    );
    // Nothing goes before the confirmation.
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Attachment' });
    expect(confirm).toHaveTextContent(
      'Delete draft.png? It has not been approved yet; its approval request is closed.',
    );
    expect(server.callsTo('DELETE /api/components/7/attachments/01JPEND')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await toastWith('Attachment Deleted', 'The attachment has been deleted.');
    await waitFor(() => expect(within(panel).queryByRole('list', { name: 'Pending Approval' })).toBeNull());
    expect(server.callsTo('DELETE /api/components/7/attachments/01JPEND')).toHaveLength(1);
  });

  it("says 'No attachments' and why a deletion failed", async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('tab', { name: 'Attachments' }));
    expect(await screen.findByText('No attachments')).toBeInTheDocument();
  });

  it('lets an administrator delete a published file only after confirming, and shows the removal in the history', async () => {
    let attachments = [anAttachment('01JDOC', { fileName: 'datasheet.pdf' })];
    let versions = [version(1, { changedFields: ['reference'], changeData: { reference: '3RT2015-1BB41' } })];
    const { server } = renderDetail({
      extra: {
        'GET /api/user': { body: { ...user, role: 'admin' } },
        'GET /api/components/7/attachments': () => ({ body: attachments }),
        'GET /api/components/7/versions': () => ({ body: versions }),
        'DELETE /api/components/7/attachments/01JDOC': () => {
          attachments = [];
          versions = [version(2, { changeDescription: 'Attachment removed: datasheet.pdf' }), ...versions];
          return { body: { message: 'The attachment has been deleted.' } };
        },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: /^Attachments/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete datasheet.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Attachment' });
    expect(confirm).toHaveTextContent(
      'Delete datasheet.pdf from 3RT2015-1BB41? Everyone stops seeing it at once. The removal is recorded in the version history, and an administrator can restore the file for 30 days.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE /api/components/7/attachments/01JDOC')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'datasheet.pdf' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete datasheet.pdf' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Attachment' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await toastWith('Attachment Deleted', 'The attachment has been deleted.');
    expect(server.callsTo('DELETE /api/components/7/attachments/01JDOC')).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Version History' }));
    expect(await screen.findByText('Attachment removed: datasheet.pdf')).toBeInTheDocument();
    // A removal changes no field: its row counts none and offers no changes to show.
    const removal = screen.getByText('Attachment removed: datasheet.pdf').closest('tr')!;
    expect(removal).not.toHaveTextContent(/fields?\b/);
    expect(within(removal).queryByRole('button', { name: /changes of version 2/ })).toBeNull();
  });

  describe('distributor search buttons', () => {
    const searchSetup = (provider: 'digikey' | 'mouser', answer: () => Promise<MockResponse> | MockResponse) => {
      let searched = false;
      const image = anAttachment('01JFOUND', {
        fileName: '3RT2015-1BB41.png',
        fileType: 'image/png',
        imageSource: provider,
        sourceConfidence: 1,
      });
      return renderDetail({
        extra: {
          'GET /api/components/7/attachments': () => ({ body: searched ? [image] : [] }),
          [`POST /api/components/7/search-${provider}`]: async () => {
            const response = await answer();
            searched = true;
            return response;
          },
        },
      });
    };

    it('runs idle → searching (progress) → success with its toast, reloads the attachments, and is idle again 2 s later', async () => {
      let release: (response: MockResponse) => void = () => undefined;
      const { server } = searchSetup('digikey', () => new Promise<MockResponse>((resolve) => (release = resolve)));
      const button = await screen.findByRole('button', { name: /^Search Digi-Key/ });
      expect(button).toHaveAccessibleDescription('Fast, reliable search');
      expect(screen.getByRole('button', { name: /^Search Mouser/ })).toHaveAccessibleDescription(
        'Specialized components',
      );
      await userEvent.click(button);
      expect(await screen.findByRole('button', { name: /^Digi-Key: Searching\.\.\./ })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      const progress = screen.getByRole('progressbar', { name: 'Digi-Key search progress' });
      await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
      // A second click while it runs starts nothing.
      await userEvent.click(screen.getByRole('button', { name: /^Digi-Key: Searching/ }));
      expect(server.callsTo('POST /api/components/7/search-digikey')).toHaveLength(1);

      const attachmentReads = server.callsTo('GET /api/components/7/attachments').length;
      release({
        body: {
          success: true,
          result: {
            imageFound: true,
            datasheetFound: true,
            confidence: 1,
            productUrl: null,
            manufacturerPartNumber: '3RT2015-1BB41',
            approved: true,
          },
        },
      });
      await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '100'));
      // The result shows half a second later.
      expect(screen.queryByText('Digi-Key search completed')).toBeNull();
      await toastWith('Digi-Key search completed', 'Found and downloaded result for 3RT2015-1BB41 (with datasheet)');
      expect(screen.getByRole('button', { name: /^Digi-Key: Search complete/ })).toBeInTheDocument();
      await waitFor(() =>
        expect(server.callsTo('GET /api/components/7/attachments').length).toBeGreaterThan(attachmentReads),
      );
      expect(await screen.findByRole('img', { name: '3RT2015-1BB41: 3RT2015-1BB41.png' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: /^Search Digi-Key/ }, { timeout: 5000 })).not.toHaveAttribute(
        'aria-disabled',
      );
      expect(screen.queryByRole('progressbar')).toBeNull();
    });

    it('shows each progress step, 20, 40, 80 and 100, in turn', async () => {
      searchSetup('digikey', () => ({
        body: {
          success: true,
          result: {
            imageFound: true,
            datasheetFound: false,
            confidence: 1,
            productUrl: null,
            manufacturerPartNumber: '3RT2015-1BB41',
            approved: true,
          },
        },
      }));
      const button = await screen.findByRole('button', { name: /^Search Digi-Key/ });
      // Every value the bar takes, from the moment it appears.
      const seen: (string | null)[] = [];
      const observer = new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = bar?.getAttribute('aria-valuenow') ?? null;
        if (bar && value !== seen.at(-1)) seen.push(value);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      await userEvent.click(button);
      await toastWith('Digi-Key search completed', 'Found and downloaded result for 3RT2015-1BB41');
      observer.disconnect();
      expect(seen).toEqual(['20', '40', '80', '100']);
    });

    it("says 'No results found for {reference}' when the distributor has nothing, without ' (with datasheet)'", async () => {
      searchSetup('mouser', () => ({
        body: { success: false, result: null, message: 'No results found for 3RT2015-1BB41' },
      }));
      await userEvent.click(await screen.findByRole('button', { name: /^Search Mouser/ }));
      await toastWith('No results found for 3RT2015-1BB41');
      expect(screen.getByRole('button', { name: /^Mouser: Nothing added/ })).toBeInTheDocument();
    });

    it("says '{provider} search failed' when the call fails", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      searchSetup('mouser', () => ({ status: 500, body: { message: 'Internal Server Error' } }));
      await userEvent.click(await screen.findByRole('button', { name: /^Search Mouser/ }));
      await toastWith('Mouser search failed', 'Error searching for 3RT2015-1BB41. Please try again.');
    });

    it("gives the distributor's reason in words when the server names one", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const reason =
        'Digi-Key has reached its daily request limit for Component Hub. Digi-Key searches resume at 06:00 UTC.';
      searchSetup('digikey', () => ({ status: 503, body: { message: reason } }));
      await userEvent.click(await screen.findByRole('button', { name: /^Search Digi-Key/ }));
      await toastWith('Digi-Key search failed', `Error searching for 3RT2015-1BB41. ${reason}`);
    });

    it("says when one's own allowance of searches is used up", () => {
      const reason =
        "You have used today's 100 distributor searches, the most one person may make in a day. Searches resume after midnight UTC.";
      const notice = searchNotice('Mouser', 'X-1', {
        error: new ApiError(429, JSON.stringify({ message: reason }), 'Too Many Requests'),
      });
      expect(notice).toEqual({
        type: 'error',
        title: 'Mouser search failed',
        description: `Error searching for X-1. ${reason}`,
      });
    });

    it('adds nothing to the text when only the image was found', () => {
      const notice = searchNotice('Digi-Key', 'X-1', {
        answer: {
          success: true,
          result: {
            imageFound: true,
            datasheetFound: false,
            confidence: 0.95,
            productUrl: null,
            manufacturerPartNumber: 'X-1',
            approved: true,
          },
        },
      });
      expect(notice).toEqual({
        type: 'success',
        title: 'Digi-Key search completed',
        description: 'Found and downloaded result for X-1',
      });
    });
  });
});
