/** A reseller's booking whole, with the site booking's status (staff may have cancelled it). */
export const octoFields = /* groq */ `..., "booking_status": *[_type == "booking" && _id == ^.booking_id][0].status`
