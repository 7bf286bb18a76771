import { adminAccount } from '@mocks/db';
import { failedUpload } from '@mocks/handlers/imports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const story = (topic: string) => `The ${topic} runs past the old mill.\n\nDucks swim in the reeds by the ${topic}.`;

async function openUploader() {
  const rendered = await renderApp('/uploader', { user: signedIn('admin') });
  await screen.findByRole('form', { name: 'Upload reading content' });
  return rendered;
}

describe('the uploader', () => {
  it('uploads a text in two chapters into a new sub-category, where it waits as a draft', async () => {
    const { user } = await openUploader();
    const form = screen.getByRole('form', { name: 'Upload reading content' });
    await user.selectOptions(within(form).getByLabelText('Sub-category'), 'New sub-category…');
    await user.type(within(form).getByLabelText("New sub-category's title"), 'Rivers');
    await user.type(within(form).getByLabelText('Title'), 'Two rivers');
    await user.selectOptions(within(form).getByLabelText('Level (CEFR)'), 'A2');
    const first = within(form).getByRole('group', { name: 'Chapter 1' });
    await user.type(within(first).getByLabelText('Chapter title'), 'The north river');
    await user.type(within(first).getByLabelText('Chapter text'), story('north river'));
    await user.click(within(form).getByRole('button', { name: 'Add a chapter' }));
    const second = within(form).getByRole('group', { name: 'Chapter 2' });
    await user.type(within(second).getByLabelText('Chapter title'), 'The south river');
    await user.type(within(second).getByLabelText('Chapter text'), story('south river'));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    const rivers = await screen.findByRole('region', { name: 'Rivers' });
    expect(await within(rivers).findByText('Two rivers')).toBeInTheDocument();
    expect(within(rivers).getByText('Draft')).toBeInTheDocument();
    expect(within(rivers).getByText('A2')).toBeInTheDocument();
    expect(within(rivers).getByText(/^2 pages, \d+ words$/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });

  it("previews an upload in the reader under the uploader's word: its tab lists the chapters", async () => {
    const { user } = await openUploader();
    const form = screen.getByRole('form', { name: 'Upload reading content' });
    await user.selectOptions(within(form).getByLabelText('Sub-category'), 'New sub-category…');
    await user.type(within(form).getByLabelText("New sub-category's title"), 'Lakes');
    await user.type(within(form).getByLabelText('Title'), 'One lake');
    const first = within(form).getByRole('group', { name: 'Chapter 1' });
    await user.type(within(first).getByLabelText('Chapter title'), 'The still lake');
    await user.type(within(first).getByLabelText('Chapter text'), story('lake'));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    const lakes = await screen.findByRole('region', { name: 'Lakes' });
    await user.click(await within(lakes).findByRole('link', { name: 'Preview One lake' }));
    await user.click(await screen.findByRole('tab', { name: 'Chapters' }));
    expect(screen.getByRole('button', { name: '1. The still lake' })).toBeInTheDocument();
  });

  it('says what the form still needs before sending anything', async () => {
    const { user } = await openUploader();
    const form = screen.getByRole('form', { name: 'Upload reading content' });
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the text a title');
    await user.type(within(form).getByLabelText('Title'), 'Untitled chapters');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give every chapter a title');
  });

  it('unpublishes a starter text and publishes it again', async () => {
    const { user } = await openUploader();
    const unpublish = await screen.findByRole('button', { name: 'Unpublish The Rainy Saturday' });
    await user.click(unpublish);
    const publish = await screen.findByRole('button', { name: 'Publish The Rainy Saturday' });
    expect(publish.closest('li')).toHaveTextContent('Draft');
    await user.click(publish);
    expect(await screen.findByRole('button', { name: 'Unpublish The Rainy Saturday' })).toBeInTheDocument();
  });

  it('deletes an upload that could not be imported', async () => {
    failedUpload(adminAccount.username, 'The broken weir');
    const { user } = await openUploader();
    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    expect(within(uploads).getByText('The broken weir').closest('li')).toHaveTextContent('It could not be imported');
    await user.click(within(uploads).getByRole('button', { name: 'Delete The broken weir' }));
    await expect.poll(() => screen.queryByText('The broken weir')).toBeNull();
  });

  it('deletes a text after asking', async () => {
    const { user } = await openUploader();
    await user.click(await screen.findByRole('button', { name: 'Delete The Rainy Saturday' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete The Rainy Saturday?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => screen.queryByText('The Rainy Saturday')).toBeNull();
  });
});
