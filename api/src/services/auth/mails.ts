import type { MailMessage } from '../mail/mailer.js';

export function resetPasswordMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Coinsight password',
    text: [
      `Hello ${username},`,
      '',
      'Someone asked to reset the password of your Coinsight account. To choose a new one, open this link within an hour:',
      '',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, username: string, how: 'changed' | 'reset'): MailMessage {
  return {
    to,
    subject: 'Your Coinsight password was changed',
    text: [
      `Hello ${username},`,
      '',
      `The password of your Coinsight account was ${how} just now, and every session signed in with the old one was signed out.`,
      '',
      'If it was not you, reset your password at once from the sign-in page and contact support.',
    ].join('\n'),
  };
}

export function verifyEmailMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new Coinsight email address',
    text: [
      `Hello ${username},`,
      '',
      'To make this the email address of your Coinsight account, open this link within 24 hours:',
      '',
      link,
      '',
      'Until then your account keeps its current address. If you did not ask for this, ignore this message.',
    ].join('\n'),
  };
}

export function emailChangeRequestedMail(to: string, username: string, newEmail: string, revertLink: string): MailMessage {
  return {
    to,
    subject: 'Your Coinsight email address is being changed',
    text: [
      `Hello ${username},`,
      '',
      `Someone signed in to your Coinsight account asked to change its email address to ${newEmail}. The change takes effect once that address is confirmed.`,
      '',
      'If this was not you, open this link within 7 days: it cancels or undoes the change and signs out every session of your account.',
      '',
      revertLink,
      '',
      'Then reset your password from the sign-in page, since whoever asked for the change knew it.',
    ].join('\n'),
  };
}

export function confirmAccountMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your Coinsight email address',
    text: [
      `Hello ${username},`,
      '',
      'Welcome to Coinsight. To confirm that this address is yours, open this link within 24 hours:',
      '',
      link,
      '',
      'You need a confirmed address to create API keys; everything else works without it. If you did not sign up, ignore this message.',
    ].join('\n'),
  };
}

export function loginLinkMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your Coinsight sign-in link',
    text: [
      `Hello ${username},`,
      '',
      'Someone asked for a link that signs in to your Coinsight account without its password. To sign in, open this link within 15 minutes (it works once):',
      '',
      link,
      '',
      'If it was not you, ignore this message: nobody can use the link without this mailbox. Many failed attempts mean someone may be guessing your password; choosing a stronger one from Settings is a good idea.',
    ].join('\n'),
  };
}

export function twoFactorChangedMail(to: string, username: string, how: 'on' | 'off'): MailMessage {
  const what =
    how === 'on'
      ? 'Two-factor sign-in was turned on for your Coinsight account just now: signing in now also asks for a code from your authenticator app (or one of your recovery codes).'
      : 'Two-factor sign-in was turned off for your Coinsight account just now: signing in asks for the password alone again, and your recovery codes no longer work.';
  return {
    to,
    subject: how === 'on' ? 'Two-factor sign-in is on for your Coinsight account' : 'Two-factor sign-in is off for your Coinsight account',
    text: [
      `Hello ${username},`,
      '',
      what,
      '',
      'If it was not you, reset your password at once from the sign-in page, then check Settings → Security and contact support.',
    ].join('\n'),
  };
}
