/** The privacy notice (singleton `privacyNotice`): who answers for personal information, and what it is used for. */
export function privacyNoticeDocument() {
  const purpose = (key: string, title: string, text: string) => ({
    _key: key,
    _type: 'step',
    title,
    text,
  })
  return {
    _id: 'privacyNotice',
    _type: 'privacyNotice',
    informationOfficerName: 'Naledi Dlamini',
    informationOfficerEmail: 'privacy@capecurated.co.za',
    informationOfficerPhone: '+27 21 555 0142',
    intro:
      'We only ask for what we need to plan your experience: your name, email address and, if you choose, your phone number, country, pick-up location and notes.',
    purposes: [
      purpose(
        'requests',
        'Your booking and trip requests',
        'To check availability, reply to you by email, confirm your place and run your experience. We share your details only with the guide running it.',
      ),
      purpose(
        'newsletter',
        'Our newsletter',
        'Only if you ask for it and confirm your address from the email we send. Every issue has a one-click unsubscribe.',
      ),
      purpose(
        'analytics',
        'Improving the site',
        'With your permission we count anonymous page events. If your browser sends Global Privacy Control or Do Not Track, we treat that as a no.',
      ),
    ],
    rights:
      'Under South Africa’s POPIA and the UK and EU GDPR you may ask to see, correct or delete your details, and object to their use. Write to our information officer. You may also complain to the Information Regulator (inforegulator.org.za).',
  }
}
