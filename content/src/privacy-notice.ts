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
    legalName: 'Cape Curated (Pty) Ltd',
    address: '14 Bree Street, Cape Town City Centre, Cape Town 8001, South Africa',
    requiredDetails:
      'A booking or trip request needs your name and email address: without them we cannot reply to you or hold a place. Your phone number, country, pick-up point and notes are optional; without them we may need to ask you by email. The newsletter needs only your email address and your consent.',
    processors:
      'Our hosting provider runs this site and stores your requests on our behalf; our mail provider delivers the emails we send you. Both act only on our written instructions and keep your information secure. Your guide receives only what they need to run your experience.',
    transfers:
      'Our mail provider may process your email address and our messages outside South Africa, in the European Union. We use it because EU law (the GDPR) gives your information protection at least equal to POPIA’s, as section 72 requires, and our contract binds it to that.',
    regulator:
      'Information Regulator (South Africa), JD House, 27 Stiemens Street, Braamfontein, Johannesburg 2001. Complaints: POPIAComplaints@inforegulator.org.za. General enquiries: enquiries@inforegulator.org.za. Website: inforegulator.org.za.',
    noticeVersion: '2',
    noticeDate: '2026-11-28',
  }
}
