import { describe, expect, it } from 'vitest';
import {
  docFromText,
  emailDocSchema,
  emailTemplateInputSchema,
  renderEmail,
  renderSubject,
  templateMergeFields,
} from '../src';

const template = {
  subject: 'Hello {{firstName}} {{lastName}} – {{opportunityName}}',
  body: docFromText('Hi {{firstName}} {{lastName}},\n\nApply here: {{submissionLink}}\n\n{{senderName}}'),
};

describe('renderEmail', () => {
  it('escapes names that look like markup, in the HTML part only', () => {
    const mail = renderEmail(template, {
      firstName: '<img src=x onerror=alert(1)>',
      lastName: `O'Brien & "Sons"`,
      opportunityName: 'Lead',
      submissionLink: 'https://example.test/apply/abc?x=1&y=2',
      senderName: 'Dana',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; O&#39;Brien &amp; &quot;Sons&quot;');
    expect(mail.html).toContain('<a href="https://example.test/apply/abc?x=1&amp;y=2"');
    expect(mail.text).toContain(`Hi <img src=x onerror=alert(1)> O'Brien & "Sons",`);
    expect(mail.subject).toBe(`Hello <img src=x onerror=alert(1)> O'Brien & "Sons" – Lead`);
  });

  it('fills missing fields with the documented fallbacks and closes up the spaces', () => {
    const mail = renderEmail(template, { projectName: 'Summer Ad' });
    expect(mail.subject).toBe('Hello there – Summer Ad');
    expect(mail.text.startsWith('Hi there,\n\nApply here:')).toBe(true);
    expect(mail.html).toContain('Hi there,');
  });

  it('keeps names with line breaks and accents on one line', () => {
    expect(renderSubject('Hi {{fullName}}', { firstName: 'Zoë\nAnn', lastName: '  Ōkubo-Łukasz ' })).toBe(
      'Hi Zoë Ann Ōkubo-Łukasz',
    );
  });

  it('adds the unsubscribe line to both parts', () => {
    const mail = renderEmail(template, {}, { optOutUrl: 'https://casting.test/email/opt-out/T0k' });
    expect(mail.html).toContain('href="https://casting.test/email/opt-out/T0k"');
    expect(mail.text).toContain('Unsubscribe: https://casting.test/email/opt-out/T0k');
  });
});

describe('templates', () => {
  it('lists the merge fields used and refuses unknown ones', () => {
    expect(templateMergeFields(template)).toEqual([
      'firstName',
      'lastName',
      'opportunityName',
      'submissionLink',
      'senderName',
    ]);
    const result = emailTemplateInputSchema.safeParse({
      name: 'X',
      subject: 'Hi {{firstname}}',
      body: docFromText('Body'),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('{{firstname}}');
  });

  it('refuses HTML-ish nodes and javascript links in a body', () => {
    expect(
      emailDocSchema.safeParse({ type: 'doc', content: [{ type: 'html', text: '<script>' }] }).success,
    ).toBe(false);
    const link = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    };
    expect(emailDocSchema.safeParse(link).success).toBe(false);
  });
});
