/**
 * The nine experiences: the six of the site's routes, Robben Island and the Bo-Kaap spice-route cooking class
 * (the copy audit's eight), and the bespoke card. Facts (price, group cap, minimum age, duration) follow the
 * table of the product spec.
 */
import {DEFAULT_CANCELLATION_TEXT} from '@repo/schemas/content-rules.ts'

import {experienceId} from './document-ids.ts'
import {image, keyed} from './sanity-values.ts'

type Faq = {question: string; answer: string}

export type ExperienceSource = {
  slug: string
  title: string
  category: 'adventure' | 'scenic' | 'food-drink' | 'history-culture' | 'sport' | 'bespoke'
  isBespoke?: boolean
  /** Resellers may sell it through OCTO (functions/octo): one seeded experience, so `/octo` has a product. */
  resellable?: boolean
  location: string
  duration: string
  fromPrice?: number
  priceRange?: string
  blurb: string
  imageAlt: string
  description: string
  highlights: string[]
  whatToExpect: string
  included: string[]
  optionalExtras: string[]
  whatToBring: string[]
  format: string
  goodToKnow: string
  meetingPickup: string
  /** Where and when the guide waits (schemas/src/trip-details.ts); the bespoke trip has neither. */
  meetingPoint?: {name: string; address: string; lat?: number; lng?: number}
  startTime?: string
  cancellation?: string
  maxGroupSize: number
  minimumAge: number
  fitnessLevel: 'easy' | 'moderate' | 'challenging'
  faqs: Faq[]
  featuredOrder?: number
  aliases: string[]
}

export const experienceSources: ExperienceSource[] = [
  {
    slug: 'lions-head-sunset-hike',
    title: 'Lion’s Head Sunset Hike',
    category: 'adventure',
    location: 'Lion’s Head, Signal Hill Road, Cape Town',
    duration: '2–4 hours',
    fromPrice: 450,
    blurb:
      'Climb Cape Town’s favourite peak in the golden hour and watch the sun drop into the Atlantic from 669 metres, with a local guide who knows every switchback.',
    imageAlt:
      'Three hikers on the summit of Lion’s Head at sunset, with the sun setting over the Atlantic Ocean',
    description:
      'Lion’s Head rises between Table Mountain and Signal Hill, and its summit gives the best 360-degree view in the city: the Atlantic seaboard and the Twelve Apostles on one side, the City Bowl, Table Bay and Robben Island on the other. We set off about two hours before sunset, spiral up the mountain on the main path, use the short chain-and-ladder section if you want to (there is a walking bypass), and reach the top in time to watch the sun go down. We come back down by headlamp as the city lights come on.',
    highlights: [
      'Sunset from the 669 m summit, with views of Table Mountain, Camps Bay and Robben Island',
      'A registered local mountain guide and at most eight hikers per guide',
      'The optional chains and ladders, or the gentler bypass: your choice on the day',
      'Headlamps for the walk down under the city lights',
      'Stories of the mountain’s fynbos, geology and history along the way',
    ],
    whatToExpect:
      'A steady walk of about 5.5 km return with 350 m of climbing on a well-used path, with rocky steps near the top. Most groups take 60 to 90 minutes to go up, spend 30 to 45 minutes on the summit and come down in about an hour. The guide sets a comfortable pace, stops for water and photographs, and checks the wind and cloud before we start; if the summit is unsafe we choose a sheltered viewpoint instead.',
    included: [
      'Registered mountain guide',
      'Headlamp for every hiker',
      'Bottled water and a summit snack',
      'Basic first-aid kit and radio',
    ],
    optionalExtras: [
      'Return transfer from City Bowl, Sea Point or Camps Bay hotels (ZAR 150 per person)',
      'Private hike for your group only (from ZAR 2,400)',
      'Full-moon date: the same hike on the night of the full moon',
    ],
    whatToBring: [
      'Closed walking shoes with good grip',
      'A warm layer and a windproof jacket: the summit is often windy',
      'A small backpack with at least 1 litre of water',
      'Sunscreen and a hat for the way up',
    ],
    format: 'Small-group guided hike',
    goodToKnow:
      'Moderate fitness is needed: you should be comfortable walking uphill for an hour. Minimum age is 12, and under-18s hike with an adult. Groups are capped at eight people. Start times move with the season (from about 16:00 in winter to 18:00 in midsummer); we confirm yours by email.',
    meetingPoint: {name: 'Lion’s Head trailhead parking', address: 'Signal Hill Road, Cape Town', lat: -33.9353, lng: 18.3894},
    startTime: '17:30',
    meetingPickup:
      'We meet at the Lion’s Head trailhead parking on Signal Hill Road, 1 km up from Kloof Nek. Your guide wears a green company cap. Hotel pick-up from the City Bowl and Atlantic seaboard is available as an extra.',
    maxGroupSize: 8,
    minimumAge: 12,
    fitnessLevel: 'moderate',
    faqs: [
      {
        question: 'Do I have to climb the chains and ladders?',
        answer:
          'No. The chain section is short and optional; a walking path goes round it and joins the route above. Your guide will help you decide on the day.',
      },
      {
        question: 'What happens if the weather turns?',
        answer:
          'We check the forecast the morning of your hike. If strong wind, rain or low cloud makes the summit unsafe, we offer another date or a full refund.',
      },
      {
        question: 'Is it safe to come down in the dark?',
        answer:
          'Yes, with care. Everyone gets a headlamp, the guide leads at a steady pace, and the lower path is broad and well trodden.',
      },
      {
        question: 'Can children join?',
        answer:
          'Children from 12 years old can join with a parent or guardian, provided they enjoy walking uphill.',
      },
      {
        question: 'How fit do I need to be?',
        answer:
          'If you can walk briskly uphill for an hour with short rests, you will be fine. The last stretch is rocky and uses hands as well as feet.',
      },
    ],
    featuredOrder: 1,
    aliases: ['lions-head-sunset'],
  },
  {
    slug: 'cape-winelands-tour',
    title: 'Cape Winelands Tour',
    category: 'food-drink',
    location: 'Stellenbosch and Franschhoek',
    duration: 'Full day (8 hours)',
    fromPrice: 850,
    blurb:
      'A full day among the vineyards of Stellenbosch and Franschhoek: four estate tastings, a long farm lunch and the mountain passes in between.',
    imageAlt:
      'Rows of vines leading to a white Cape Dutch homestead with a curved gable, mountains behind',
    description:
      'The Cape Winelands begin less than an hour from the city. We drive you out to Stellenbosch, the oak-lined university town founded in 1679, then over the Helshoogte Pass to Franschhoek, the valley the French Huguenots settled in 1688. You taste at four estates we know well: a historic Cape Dutch farm, a family cellar, a bubbles house making Méthode Cap Classique and a smaller producer you would not find on your own. Lunch is a long, unhurried meal on a wine farm.',
    highlights: [
      'Four tastings at estates chosen for variety, from Chenin Blanc to Pinotage',
      'Méthode Cap Classique, South Africa’s traditional-method sparkling wine',
      'Lunch on a wine farm with mountain views',
      'Stellenbosch’s oak-lined streets and Cape Dutch architecture',
      'A private driver, so nobody in your group has to stay sober',
    ],
    whatToExpect:
      'Pick-up is around 09:00 and we are back in Cape Town by about 17:00. Each tasting lasts 45 minutes to an hour and includes five or six wines; you are welcome to taste, sip or spit. Your guide explains the grapes, soils and history as you go and adjusts the day to your taste: more reds, more bubbles, a cellar tour or a walk through the vines.',
    included: [
      'Hotel pick-up and drop-off in an air-conditioned vehicle',
      'Guide and driver for the day',
      'Four wine tastings',
      'Two-course lunch on a wine farm',
      'Bottled water',
    ],
    optionalExtras: [
      'Wine and chocolate or wine and cheese pairing (from ZAR 180 per person)',
      'Franschhoek Wine Tram instead of the car for the afternoon (seasonal, from ZAR 320)',
      'Shipping of wine you buy, arranged with the estates',
    ],
    whatToBring: [
      'Comfortable shoes for walking between cellars',
      'A light jacket for air-conditioned cellars',
      'Sunscreen and a hat',
      'ID or passport: estates may ask',
    ],
    format: 'Small-group or private chauffeured tour',
    goodToKnow:
      'Wine tastings are for adults only: every guest must be 18 or older, and estates may ask for ID. Vegetarian, vegan and other dietary needs are easy to arrange: tell us in your booking notes. Groups are capped at eight people.',
    meetingPoint: {name: 'Pick-up at your accommodation', address: 'City Bowl, V&A Waterfront, Green Point, Sea Point or Camps Bay'},
    startTime: '08:30',
    meetingPickup:
      'We pick you up from your accommodation in Cape Town’s City Bowl, V&A Waterfront, Green Point, Sea Point or Camps Bay between 08:30 and 09:15. Pick-up from elsewhere can be arranged.',
    maxGroupSize: 8,
    minimumAge: 18,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Can I buy wine to take home?',
        answer:
          'Yes. Every estate sells by the bottle or case, and most can ship abroad. Your guide will help you compare options.',
      },
      {
        question: 'Is lunch included?',
        answer:
          'Yes, a two-course lunch at a wine-farm restaurant. Drinks with lunch are not included.',
      },
      {
        question: 'Can we choose the estates?',
        answer:
          'On a private tour, yes: tell us your favourites when you book and we build the day around them.',
      },
      {
        question: 'I don’t drink much. Is the tour still for me?',
        answer:
          'Many guests taste only a little. Estates serve small pours, and there is plenty of food, scenery and history.',
      },
    ],
    featuredOrder: 2,
    aliases: ['stellenbosch-wine-tour'],
  },
  {
    slug: 'bo-kaap-food-walk',
    title: 'Bo-Kaap Food Walk',
    resellable: true,
    category: 'history-culture',
    location: 'Bo-Kaap, Cape Town',
    duration: '2 hours',
    fromPrice: 320,
    blurb:
      'Walk the cobbled streets of the Bo-Kaap with a local, taste Cape Malay food at family kitchens and hear the stories behind the coloured houses.',
    imageAlt:
      'A row of brightly painted Bo-Kaap houses in yellow, red, turquoise and pink, with plates of food in front',
    description:
      'The Bo-Kaap, on the slopes of Signal Hill above the city centre, is one of Cape Town’s oldest neighbourhoods. Its families descend in large part from people brought to the Cape from South-East Asia, India and East Africa by the Dutch East India Company, and their food, faith and language shaped the city. On this walk a guide who grew up here takes you to the Auwal Masjid, South Africa’s oldest mosque, through the steep cobbled lanes, and into home kitchens for tastes of Cape Malay cooking.',
    highlights: [
      'Four tastings: samoosas, dhaltjies (chilli bites), a small plate of bobotie or curry, and a Cape Malay koesister',
      'The Auwal Masjid (1794) and the story of Tuan Guru',
      'The coloured houses of Wale, Chiappini and Rose Streets',
      'A guide who lives in the neighbourhood',
    ],
    whatToExpect:
      'An easy two-hour walk of about 2 km with some steep streets. We stop four times to eat, so come hungry. The guide shares the history of the area from the 1760s to the struggle against forced removals under apartheid, and the way families live here today. Please dress modestly if you would like to look into a mosque.',
    included: ['Local guide', 'Four food tastings', 'Rooibos tea or a cold drink'],
    optionalExtras: [
      'Add the Bo-Kaap Museum (entry about ZAR 50, paid on the day)',
      'Stay on for the spice-route cooking class in the afternoon',
    ],
    whatToBring: [
      'Comfortable walking shoes',
      'A scarf or light layer to cover shoulders',
      'An appetite',
      'Cash for spices or crafts, if you want to shop',
    ],
    format: 'Small-group guided walking tour with tastings',
    goodToKnow:
      'All ages are welcome and children are free to share tastings with their parents. The food is halal. Tell us about allergies when you book: peanuts are rare, but spices are everywhere. Groups are capped at six, so we fit in family kitchens.',
    meetingPoint: {name: 'Outside the Bo-Kaap Museum', address: '71 Wale Street, Bo-Kaap, Cape Town', lat: -33.9206, lng: 18.4154},
    startTime: '10:00',
    meetingPickup:
      'We meet outside the Bo-Kaap Museum, 71 Wale Street. Street parking is limited; a taxi or a walk from the city centre is easiest.',
    maxGroupSize: 6,
    minimumAge: 0,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Is the food spicy?',
        answer:
          'Cape Malay food is fragrant rather than fiery. Chilli comes on the side, and your guide will warn you before the dhaltjies.',
      },
      {
        question: 'Can vegetarians join?',
        answer: 'Yes. Tell us when you book and every tasting will be vegetarian.',
      },
      {
        question: 'Can I take photographs?',
        answer:
          'Of the streets, yes. Please ask before photographing people or the inside of homes: these are private houses.',
      },
    ],
    featuredOrder: 3,
    aliases: ['bo-kaap-food-culture-walk', 'bo-kaap-culture-walk'],
  },
  {
    slug: 'township-jazz-night',
    title: 'Township Jazz Night',
    category: 'history-culture',
    location: 'Langa and Gugulethu, Cape Town',
    duration: 'Evening (4 hours, 18:00 start)',
    fromPrice: 540,
    blurb:
      'An evening of live jazz, home cooking and conversation in Cape Town’s townships, with a guide from the community and transport both ways.',
    imageAlt:
      'A golden saxophone and music notes above a city skyline at night, with Table Mountain in silhouette',
    description:
      'Cape Town’s jazz was made in places like District Six, Langa and Gugulethu, and it is still played there on weekday and weekend nights. We collect you at 18:00, drive out to Langa, the city’s oldest township, for a short walk with a local guide, then settle in at a family-run venue for dinner and a live set from local musicians. It is an evening out, not a drive-by: you eat, listen, talk to the people at the next table and dance if you like.',
    highlights: [
      'A live jazz set by Cape Town musicians at a community venue',
      'A three-course township dinner: think umngqusho, chakalaka and braaied meat, with vegetarian options',
      'A short walk through Langa with a guide who lives there',
      'Door-to-door transport and a guide all evening',
    ],
    whatToExpect:
      'The evening starts at 18:00 and you are back at your accommodation around 22:00. The walk is about 30 minutes at an easy pace; dinner and music take about two and a half hours. Line-ups change week to week, from straight-ahead jazz to Cape goema and mbaqanga.',
    included: [
      'Return transport from central Cape Town',
      'Local guide',
      'Three-course dinner',
      'Live music cover charge',
      'One welcome drink',
    ],
    optionalExtras: [
      'Extra drinks, paid at the venue',
      'A private table near the band (ZAR 120 per person)',
    ],
    whatToBring: [
      'Cash for drinks and tips',
      'A warm layer for the evening',
      'Comfortable shoes for the walk and the dance floor',
    ],
    format: 'Small-group evening tour with dinner and live music',
    goodToKnow:
      'Minimum age is 16, because the venues serve alcohol and the evening runs late. Groups are capped at ten people. The venue changes with the night of the week; we send the details with your confirmation.',
    meetingPoint: {name: 'Pick-up at your accommodation', address: 'City Bowl, V&A Waterfront, Green Point or Sea Point'},
    startTime: '18:00',
    meetingPickup:
      'Pick-up at 18:00 from accommodation in the City Bowl, V&A Waterfront, Green Point and Sea Point. Other areas on request.',
    maxGroupSize: 10,
    minimumAge: 16,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Is it safe?',
        answer:
          'Yes. You are with a local guide and our driver the whole evening, and the venues are people we have worked with for years.',
      },
      {
        question: 'Which nights does it run?',
        answer:
          'Wednesday to Saturday, most weeks of the year. Ask us about Sunday afternoon sessions.',
      },
      {
        question: 'Can you cater for special diets?',
        answer:
          'Yes: vegetarian, halal and gluten-free dinners with notice. Tell us when you book.',
      },
      {
        question: 'Can I tip the musicians?',
        answer: 'Please do; it goes straight to the band. Your guide will show you how.',
      },
    ],
    featuredOrder: 4,
    aliases: ['township-jazz-dinner'],
  },
  {
    slug: 'cape-point-penguins',
    title: 'Cape Point & Penguins',
    category: 'scenic',
    location: 'Cape Peninsula: Chapman’s Peak, Cape Point and Boulders Beach',
    duration: 'Full day (8–9 hours)',
    fromPrice: 720,
    blurb:
      'The great Cape Peninsula day: Chapman’s Peak Drive, the lighthouse at Cape Point, the Cape of Good Hope and the African penguins of Boulders Beach.',
    imageAlt:
      'African penguins standing among granite boulders on a white beach, with a lighthouse on a distant headland',
    description:
      'We drive the full loop of the Cape Peninsula. Out along the Atlantic past Camps Bay and Hout Bay, over Chapman’s Peak Drive, through the fynbos of the Cape of Good Hope nature reserve to Cape Point, where you can walk or ride the funicular up to the old lighthouse. After lunch in Simon’s Town we visit the African penguin colony at Boulders Beach, then return along False Bay through Kalk Bay and Muizenberg.',
    highlights: [
      'Chapman’s Peak Drive, one of the world’s great coastal roads',
      'Cape Point lighthouse and the Cape of Good Hope',
      'African penguins at Boulders Beach',
      'Chances of seeing ostriches, bontebok, eland and, from June to November, whales',
      'Lunch by the harbour in Simon’s Town',
    ],
    whatToExpect:
      'A long, easy day with plenty of short walks (none longer than 30 minutes) and time for photographs. The route runs clockwise or anticlockwise depending on wind and traffic. Baboons live in the reserve: your guide will explain how to keep food out of sight.',
    included: [
      'Hotel pick-up and drop-off',
      'Guide and driver',
      'Table Mountain National Park entry fees for Cape Point and Boulders',
      'Chapman’s Peak toll',
      'Bottled water',
    ],
    optionalExtras: [
      'Flying Dutchman funicular at Cape Point (about ZAR 100 return)',
      'Lunch (from ZAR 180, paid on the day)',
      'Seal-island boat trip from Hout Bay (from ZAR 120)',
    ],
    whatToBring: [
      'A windproof jacket, whatever the forecast',
      'Sunscreen, sunglasses and a hat',
      'Comfortable walking shoes',
      'A swimsuit in summer, if you would like to swim at Boulders',
    ],
    format: 'Small-group or private day tour',
    goodToKnow:
      'All ages are welcome; car seats for small children are available on request. Groups are capped at eight people. National park fees are for international visitors; South African residents pay less, and we refund the difference.',
    meetingPoint: {name: 'Pick-up at your accommodation', address: 'City Bowl, Atlantic seaboard or V&A Waterfront'},
    startTime: '08:00',
    meetingPickup:
      'Pick-up from 08:00 at accommodation in Cape Town’s City Bowl, Atlantic seaboard and V&A Waterfront. Southern suburbs on request.',
    maxGroupSize: 8,
    minimumAge: 0,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Can we swim with the penguins?',
        answer:
          'At Boulders Beach itself, yes, in summer. The water is around 16 to 20 °C. Please keep a respectful distance from the birds.',
      },
      {
        question: 'Is Cape Point the southern tip of Africa?',
        answer:
          'No: that is Cape Agulhas, about 150 km to the south-east. The Cape of Good Hope is the most south-western point of Africa.',
      },
      {
        question: 'What if Chapman’s Peak is closed?',
        answer:
          'It closes occasionally for rockfall or strong wind. We then take the scenic route over Ou Kaapse Weg instead.',
      },
    ],
    featuredOrder: 5,
    aliases: ['cape-point-and-penguins', 'boulders-beach-penguins'],
  },
  {
    slug: 'sunset-cruise',
    title: 'Sunset Cruise',
    category: 'scenic',
    location: 'V&A Waterfront, Cape Town',
    duration: '2 hours',
    fromPrice: 480,
    blurb:
      'Sail out of the V&A Waterfront on a catamaran as the sun sets behind the Atlantic, with Table Mountain turning pink behind you and a glass of bubbly in hand.',
    imageAlt:
      'A sailing catamaran on a calm sea at sunset, Table Mountain and Lion’s Head in silhouette',
    description:
      'From the V&A Waterfront we sail out past the breakwater into Table Bay and along the Atlantic seaboard towards Clifton and Camps Bay, timing the trip so the sun sets while we are at sea. Cape fur seals often come to have a look, and dolphins sometimes ride the bow. On the way back the city lights come on below Table Mountain.',
    highlights: [
      'Sunset at sea with views of Table Mountain, Lion’s Head and the Twelve Apostles',
      'A glass of Méthode Cap Classique and snacks on board',
      'Cape fur seals, and often dolphins',
      'A spacious sailing catamaran with an experienced skipper',
    ],
    whatToExpect:
      'Boarding starts 15 minutes before departure. The cruise lasts about two hours; in calm weather we hoist the sails, in wind we motor-sail for comfort. There is covered seating and a cash bar. The skipper may shorten the route if the sea is rough.',
    included: [
      'Two-hour cruise',
      'A glass of sparkling wine or juice',
      'Snacks',
      'Safety briefing and life jackets',
    ],
    optionalExtras: [
      'Private charter for up to 30 guests (on request)',
      'Upgrade to a bottle of sparkling wine for two (ZAR 350)',
    ],
    whatToBring: [
      'A warm jacket: it gets cold at sea after sunset',
      'Flat, non-marking shoes',
      'Seasickness tablets if you are prone to it',
    ],
    format: 'Shared catamaran cruise',
    goodToKnow:
      'All ages are welcome; children under 12 must be with an adult at all times. The boat takes up to 30 guests. Departure time moves with the sunset, from about 17:00 in winter to 19:00 in summer. Sailings may be cancelled for wind; you then choose another date or a full refund.',
    meetingPoint: {name: 'Quay 5 ticket kiosk', address: 'V&A Waterfront, Cape Town', lat: -33.905, lng: 18.419},
    startTime: '18:30',
    meetingPickup:
      'Check in at the Quay 5 ticket kiosk at the V&A Waterfront, 30 minutes before departure. Parking is in the Waterfront’s Breakwater or Clock Tower garages.',
    maxGroupSize: 30,
    minimumAge: 0,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Will I get seasick?',
        answer:
          'Catamarans are stable, but Table Bay can be choppy. If you are prone to seasickness, take a tablet an hour before.',
      },
      {
        question: 'Is it wheelchair accessible?',
        answer:
          'The main deck is, with help boarding. Tell us when you book so the crew can prepare.',
      },
      {
        question: 'What if it is cloudy?',
        answer:
          'We still sail unless wind or swell makes it unsafe. Cloudy sunsets are often the most colourful.',
      },
    ],
    featuredOrder: 6,
    aliases: [],
  },
  {
    slug: 'robben-island',
    title: 'Robben Island',
    category: 'history-culture',
    location: 'Nelson Mandela Gateway, V&A Waterfront, and Robben Island',
    duration: '4 hours (including the ferry)',
    fromPrice: 780,
    blurb:
      'Cross Table Bay to the island where Nelson Mandela spent 18 years, with our historian before and after the official tour led by a former political prisoner.',
    imageAlt: 'A ferry crossing calm water towards a low island with a lighthouse on the horizon',
    description:
      'Robben Island, a UNESCO World Heritage Site since 1999, was a place of banishment for nearly four hundred years and, from 1961 to 1991, South Africa’s maximum-security prison for political prisoners. We meet at the Nelson Mandela Gateway for a short introduction with our historian, then take the ferry to the island for the official Robben Island Museum tour: a bus tour of the island, including the lime quarry and Robert Sobukwe’s house, and the maximum-security prison, guided by a former political prisoner. Back on the mainland we end with coffee and a conversation about what you saw.',
    highlights: [
      'The cell where Nelson Mandela was held in B Section',
      'The prison tour, often guided by a former political prisoner',
      'The lime quarry and Robert Sobukwe’s house',
      'Table Mountain from the sea on the ferry crossing',
      'A historian’s introduction and debrief',
    ],
    whatToExpect:
      'Allow four hours. The ferry takes 30 to 45 minutes each way and the island tour about two hours. There is some standing and walking in the prison. Ferries depend on the weather: if the sea is too rough to sail, the museum cancels, and we offer another date or a full refund.',
    included: [
      'Official Robben Island Museum ticket and ferry',
      'Historian guide at the Gateway',
      'Coffee or tea after the tour',
    ],
    optionalExtras: [
      'Hotel transfer to and from the V&A Waterfront (ZAR 120 per person)',
      'Combine with the Bo-Kaap Food Walk the same afternoon',
    ],
    whatToBring: [
      'Your passport or ID: the museum checks it',
      'A warm layer for the ferry',
      'Comfortable shoes',
      'Water',
    ],
    format: 'Guided historical tour with official museum ticket',
    goodToKnow:
      'All ages are welcome, though the subject suits children of about 10 and older best. Tickets are limited and sell out in summer, so we need at least three days’ notice. Groups are capped at twelve.',
    meetingPoint: {name: 'Nelson Mandela Gateway', address: 'Beside the Clock Tower, V&A Waterfront, Cape Town', lat: -33.9067, lng: 18.4222},
    startTime: '09:00',
    meetingPickup:
      'We meet at the Nelson Mandela Gateway beside the Clock Tower, V&A Waterfront, 45 minutes before the ferry.',
    maxGroupSize: 12,
    minimumAge: 0,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Do I need my passport?',
        answer:
          'Yes, please bring the ID you booked with; the museum may check names against tickets.',
      },
      {
        question: 'What if the ferry is cancelled?',
        answer:
          'The museum cancels sailings in bad weather. We rebook you on another day or refund you in full.',
      },
      {
        question: 'Are the guides really former prisoners?',
        answer:
          'The prison tour has been led by former political prisoners since the museum opened in 1997. As the years pass, they are joined by younger guides trained by them.',
      },
    ],
    featuredOrder: 7,
    aliases: [],
  },
  {
    slug: 'bo-kaap-spice-route-cooking',
    title: 'Bo-Kaap Spice Route Cooking',
    category: 'food-drink',
    location: 'Bo-Kaap, Cape Town',
    duration: '3 hours',
    fromPrice: 650,
    blurb:
      'Cook a Cape Malay feast in a Bo-Kaap home: blend your own masala, fold samoosas, roll roti and sit down to eat what you made.',
    imageAlt: 'Bowls of turmeric, chilli, cumin, coriander and other spices on a wooden table',
    description:
      'Cape Malay cooking carries the spice route in every pot: cardamom, cinnamon and cloves from the East, chilli from the Americas, and the sweet-sour balance the Cape is known for. In this class a Bo-Kaap cook welcomes you into her home, takes you to a spice merchant on Wale Street, and teaches you her family’s recipes. You cook together, then eat together.',
    highlights: [
      'A visit to a Bo-Kaap spice merchant to choose your spices',
      'Blend a masala to take home',
      'Cook a Cape Malay chicken or vegetable curry, roti and sambals',
      'Fold samoosas and learn the family tricks',
      'A shared meal with your host',
    ],
    whatToExpect:
      'Three hours, mostly hands-on in a home kitchen. The cooking is easy to follow and no experience is needed. You leave with the recipes, your masala and a full stomach.',
    included: [
      'Cooking class with a Bo-Kaap host',
      'All ingredients',
      'The meal you cook, with rooibos tea or a cold drink',
      'Your own spice blend and recipe cards',
    ],
    optionalExtras: [
      'Join the Bo-Kaap Food Walk in the morning (ZAR 320)',
      'Extra spice packs to take home (from ZAR 60)',
    ],
    whatToBring: [
      'Clothes you do not mind cooking in',
      'A container if you would like to take leftovers',
    ],
    format: 'Small-group hands-on cooking class in a home',
    goodToKnow:
      'Minimum age is 10; children cook with an adult. The kitchen is halal and alcohol-free. Vegetarian and vegan menus on request. Groups are capped at eight.',
    meetingPoint: {name: 'Outside the Bo-Kaap Museum', address: '71 Wale Street, Bo-Kaap, Cape Town', lat: -33.9206, lng: 18.4154},
    startTime: '10:30',
    meetingPickup:
      'We meet outside the Bo-Kaap Museum, 71 Wale Street, and walk to the spice shop and your host’s home.',
    maxGroupSize: 8,
    minimumAge: 10,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'Do I need to be able to cook?',
        answer: 'Not at all. Your host shows every step, and the recipes are forgiving.',
      },
      {
        question: 'Can I take spices home on the plane?',
        answer:
          'Sealed, dry spices are fine to take home to most countries. Check your own country’s customs rules for food.',
      },
      {
        question: 'Is it vegetarian-friendly?',
        answer: 'Yes: tell us when you book and we cook a vegetable curry instead.',
      },
    ],
    aliases: [],
  },
  {
    slug: 'bespoke-cape-town-itinerary',
    title: 'Bespoke Cape Town Itinerary',
    category: 'bespoke',
    isBespoke: true,
    location: 'Cape Town and the Western Cape',
    duration: 'From 3 days to 2 weeks or more',
    priceRange: 'Priced on request',
    blurb:
      'Tell us how you like to travel and we will plan your days around it: the experiences on this site, and much more, stitched into one trip.',
    imageAlt: 'A hand-drawn route with coloured map pins across rolling hills, and a compass',
    description:
      'Every bespoke trip starts with a conversation. You fill in our short questionnaire, a planner calls or emails you, and within a few days you have a day-by-day plan: guided experiences, drivers, restaurants, accommodation ideas and free time in the right places. We book and hold what you approve, and stay on call while you travel.',
    highlights: [
      'A planner who lives in Cape Town and knows the people behind each experience',
      'A day-by-day plan built around your pace, interests and budget',
      'Private guides and drivers on the days that need them',
      'Restaurant and accommodation recommendations we stand behind',
      'WhatsApp support from a real person while you travel',
    ],
    whatToExpect:
      'Start with the questionnaire; it takes about five minutes. A planner replies with questions, then sends a first plan. Nothing is booked, and nothing is paid, until you are happy with it.',
    included: [
      'Planning consultation',
      'A personalised day-by-day itinerary',
      'Bookings and provisional holds',
      'On-trip support',
    ],
    optionalExtras: [
      'Safari extension to a malaria-free reserve',
      'Garden Route self-drive or chauffeured road trip',
      'Hermanus whale watching (June to November)',
    ],
    whatToBring: ['Your wish list', 'Your travel dates, even if they are flexible'],
    format: 'Private, planned to order',
    goodToKnow:
      'Suits couples, friends and families alike. See our sample 7-day itinerary for an idea of the pace and mix.',
    meetingPickup: 'Wherever you are staying: we plan transfers from the airport onwards.',
    maxGroupSize: 16,
    minimumAge: 0,
    fitnessLevel: 'easy',
    faqs: [
      {
        question: 'How much does a bespoke trip cost?',
        answer:
          'It depends on your dates, group size and style. We price every plan on request and never charge for the first draft.',
      },
      {
        question: 'Can you book our accommodation?',
        answer: 'Yes, or we recommend places and you book them yourselves: whichever you prefer.',
      },
      {
        question: 'How far ahead should we ask?',
        answer:
          'Two months ahead gives the most choice in summer (November to March), but we can often plan at a week’s notice.',
      },
    ],
    aliases: ['custom'],
  },
]

export function experienceDocuments() {
  return experienceSources.map((source) => {
    const {slug, imageAlt, faqs, cancellation, meetingPoint, ...fields} = source
    return {
      _id: experienceId(slug),
      _type: 'experience',
      ...fields,
      isBespoke: source.isBespoke ?? false,
      slug: {_type: 'slug', current: slug},
      image: image(`experience-${slug}`, imageAlt),
      cancellation: cancellation ?? DEFAULT_CANCELLATION_TEXT,
      ...(meetingPoint
        ? {
            meetingPoint: {
              _type: 'meetingPoint',
              name: meetingPoint.name,
              address: meetingPoint.address,
              ...(meetingPoint.lat !== undefined && meetingPoint.lng !== undefined
                ? {location: {_type: 'geopoint', lat: meetingPoint.lat, lng: meetingPoint.lng}}
                : {}),
            },
          }
        : {}),
      faqs: keyed(
        faqs.map((faq) => ({_type: 'faq', ...faq})),
        `faq-${slug}`,
      ),
    }
  })
}
