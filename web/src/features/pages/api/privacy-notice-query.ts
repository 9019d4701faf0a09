import {defineQuery} from 'groq'

/** The editors' privacy notice (published), rendered with the page; its defaults are `privacyNoticeOf`'s. */
export const privacyNoticeQuery =
  defineQuery(`*[_type == "privacyNotice" && _id == "privacyNotice"][0]{
  informationOfficerName,
  informationOfficerEmail,
  informationOfficerPhone,
  intro,
  "purposes": coalesce(purposes[]{title, text}, []),
  rights,
  legalName,
  address,
  requiredDetails,
  processors,
  transfers,
  regulator,
  noticeVersion,
  noticeDate
}`)
