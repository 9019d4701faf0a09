/** The sample bespoke 7-day itinerary (singleton `_id` "itinerary"). */
import {image, keyed} from './sanity-values.ts'

const days = [
  {
    title: 'City & Table Mountain',
    morning:
      'Early cableway up Table Mountain before the queues, then a guided walk across the top to Maclear’s Beacon viewpoints.',
    afternoon:
      'Lunch in the Company’s Garden, then the city on foot: Greenmarket Square, the Castle of Good Hope and the District Six Museum.',
    evening: 'Sundowners at a Sea Point rooftop and dinner on Bree Street.',
    alt: 'Table Mountain with the cableway above the city and the harbour',
  },
  {
    title: 'Winelands',
    morning:
      'Private driver to Stellenbosch: a tasting at a historic Cape Dutch estate and a walk under the oaks of Dorp Street.',
    afternoon:
      'Over the Helshoogte Pass to Franschhoek for a long lunch and a Méthode Cap Classique tasting.',
    evening: 'Back in the city for a quiet night, or stay over in Franschhoek.',
    alt: 'Vineyards and a white Cape Dutch homestead below mountains in golden evening light',
  },
  {
    title: 'Cape Point & Penguins',
    morning:
      'Chapman’s Peak Drive and the Cape of Good Hope, with a walk up to the old lighthouse at Cape Point.',
    afternoon: 'Lunch in Simon’s Town and the African penguins at Boulders Beach.',
    evening: 'Fish and chips at Kalk Bay harbour as the fishing boats come in.',
    alt: 'Cape Point lighthouse on a green headland above the ocean',
  },
  {
    title: 'Woodstock & Bo-Kaap',
    morning:
      'Street art and studios in Woodstock with an artist guide; coffee at the Old Biscuit Mill (Saturday: the market).',
    afternoon: 'The Bo-Kaap Food Walk or the Spice Route Cooking class with a local host.',
    evening: 'Free evening: we suggest a table at one of the chef-led restaurants in town.',
    alt: 'Brightly painted Bo-Kaap houses in late-afternoon light with Lion’s Head behind',
  },
  {
    title: 'Ocean & Sunset',
    morning: 'Slow start, then Clifton’s Fourth Beach or a swim at the Sea Point Pavilion.',
    afternoon:
      'Robben Island by ferry from the V&A Waterfront, or a paddle with seals in Hout Bay.',
    evening: 'Sunset cruise from the Waterfront with a glass of bubbly.',
    alt: 'Palm trees on a beach below the Twelve Apostles at sunset',
  },
  {
    title: 'Jazz & Nightlife',
    morning: 'Free morning: spa, shopping at the Watershed or a gentle walk in Kirstenbosch.',
    afternoon: 'Kirstenbosch’s Tree Canopy Walkway and tea in the garden.',
    evening:
      'Township Jazz Night in Langa and Gugulethu: dinner and live music with a local guide.',
    alt: 'The Waterfront’s big wheel and city lights at night with Table Mountain behind',
  },
  {
    title: 'Your Way',
    morning:
      'Your choice: a tandem paraglide off Signal Hill, a Lion’s Head hike or a long breakfast.',
    afternoon:
      'Last shopping and souvenirs, or a return visit to your favourite place of the week.',
    evening: 'Farewell dinner, or your transfer to the airport.',
    alt: 'A paraglider above Table Mountain and the sea on a clear morning',
  },
]

const services = [
  'A personal trip planner from first call to last day',
  'Day-by-day itinerary tailored to your pace and interests',
  'Private driver-guide on key days',
  'Ride-hailing guidance and pre-booked transfers on the rest',
  'Airport meet-and-greet',
  'Accommodation recommendations and bookings',
  'Restaurant reservations, including hard-to-get tables',
  'Skip-the-queue tickets for the Table Mountain cableway',
  'Robben Island tickets secured in advance',
  'Wine estate tastings and cellar tours arranged',
  'Small-group or private guided experiences',
  'Family-friendly options and car seats',
  'Dietary and accessibility needs handled with every supplier',
  'Weather back-up plans for mountain and sea days',
  '24/7 WhatsApp support while you travel',
]

export function itineraryDocument() {
  return {
    _id: 'itinerary',
    _type: 'itinerary',
    title: 'Bespoke 7-Day Cape Town Itinerary',
    slug: {_type: 'slug', current: 'bespoke-7-day'},
    intro:
      'A sample week in Cape Town and the Winelands, to show how we plan. Every trip we build is different: use this as a starting point and tell us what to change.',
    overviewPoints: keyed(
      [
        {
          title: 'Balanced pace',
          text: 'One big thing a day, with slow mornings and free time built in.',
        },
        {
          title: 'Getting around',
          text: 'A private driver on the Winelands and Peninsula days, ride-hailing in town.',
        },
        {
          title: 'Who it suits',
          text: 'Couples, friends and families; every day has options for children.',
        },
      ].map((p) => ({_type: 'step', ...p})),
      'itinerary-overview',
    ),
    days: keyed(
      days.map(({alt, ...day}, i) => ({
        _type: 'itineraryDay',
        day: i + 1,
        ...day,
        image: image(`itinerary-day-${i + 1}`, alt),
      })),
      'itinerary-day',
    ),
    services,
    pricingNote:
      'Pricing is on request: we cost every itinerary for your dates, group size and style of travel.',
    stickyBarText: 'Like the look of this week? Start your own plan in five minutes.',
  }
}
