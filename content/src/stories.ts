/**
 * The nine local stories (`_id` "story.<slug>"), each with its call to action from the product's
 * story table: an experience reference, or the bespoke questionnaire.
 */
import {experienceId, storyId} from './document-ids.ts'
import {image, keyed, portableText, ref} from './sanity-values.ts'

type StorySource = {
  slug: string
  title: string
  overline: string
  teaser: string
  imageAlt: string
  publishedAt: string
  /** An experience slug, or "questionnaire". */
  cta: string
  ctaLabel: string
  related: string[]
  body: string
}

export const storySources: StorySource[] = [
  {
    slug: 'woodstock-art-studios',
    title: 'Woodstock: Cape Town’s Open-Air Gallery',
    overline: 'Art & Design',
    teaser:
      'Murals the height of warehouses, studios behind roller doors and galleries showing Africa’s leading artists: a walk through Woodstock, the city’s creative engine.',
    imageAlt:
      'A large mural of a sun, a protea and a face in profile on a brick wall, with a painter on a ladder',
    publishedAt: '2026-02-10',
    cta: 'questionnaire',
    ctaLabel: 'Plan a day of art and design',
    related: ['bo-kaap-food-walk', 'bo-kaap-spice-route-cooking'],
    body: `Woodstock lies just east of the city centre, between the harbour and the lower slopes of Devil’s Peak. It began as a fishing and farming settlement called Papendorp, and in 1867 residents voted to rename it after the Woodstock Hotel, the local pub. For most of the twentieth century it was a working district of textile mills, biscuit factories and tightly packed terraced houses, home to families of every background at a time when apartheid was pulling the rest of the city apart.

## From factories to studios

When the mills closed, their high-ceilinged buildings drew designers, furniture makers, photographers and galleries. Today the stretch of Sir Lowry Road and Albert Road holds some of the most important contemporary art spaces on the continent, alongside workshops where you can watch ceramics being thrown or leather being cut. Many studios open their doors on the first Thursday evening of the month, when the city’s galleries stay open late.

## The walls themselves

Woodstock is best known for its street art. Since the early 2010s, local and international artists have painted murals across house fronts, shops and warehouse walls, often with the blessing of the families who live behind them. Look for wildlife, portraits of neighbourhood elders and bold geometric work. The murals change: some fade, some are painted over, and new ones appear every year.

> Paint a wall here and the whole street has an opinion about it by lunchtime. — A Woodstock muralist

## Seeing it well

- Walk with someone who knows the artists: the stories behind the walls are half the experience.
- Go on a weekday morning for open studios, or on Saturday to combine the walk with the market at the [Old Biscuit Mill](/stories/old-biscuit-mill).
- Ask before photographing people, and buy something small if a studio has welcomed you in.

Woodstock is also a neighbourhood under pressure. Rising rents have pushed out some long-standing families, and residents have campaigned hard for affordable housing. Visiting with respect, spending money in locally owned shops and listening to the people who live here all help.

We build Woodstock into many of our bespoke itineraries, usually on the same day as the [Bo-Kaap Food Walk](experience:bo-kaap-food-walk). Tell us what kind of art you love and we will plan the route around it.`,
  },
  {
    slug: 'old-biscuit-mill',
    title: 'The Old Biscuit Mill and Its Saturday Market',
    overline: 'Food & Markets',
    teaser:
      'Every Saturday morning a former biscuit factory in Woodstock fills with bakers, growers and cooks. Here is how to make the most of Cape Town’s best-loved food market.',
    imageAlt:
      'A red-brick mill building with a chimney, string lights and striped market stalls in front',
    publishedAt: '2026-02-24',
    cta: 'bo-kaap-food-walk',
    ctaLabel: 'Book the Bo-Kaap Food Walk',
    related: ['bo-kaap-food-walk', 'bo-kaap-spice-route-cooking', 'cape-winelands-tour'],
    body: `The Old Biscuit Mill on Albert Road, Woodstock, is exactly what its name says: a biscuit factory that closed and found a second life. Its brick halls, courtyards and old loading bays now house design shops, studios, restaurants and, every Saturday, the Neighbourgoods Market, which opened in 2006 and helped start Cape Town’s modern market culture.

## What you will find

The market hall is packed with stalls from the moment it opens. There are sourdough loaves and croissants from small bakeries, cheeses from farms in the Overberg and the Karoo, fresh oysters, Ethiopian injera, Cape Malay curries, wood-fired pizza, craft beer and local wine by the glass. Outside, the courtyards hold designers selling clothes, jewellery, ceramics and prints. Most of the traders make what they sell.

> Come hungry, come early, and walk the whole hall once before you buy anything. — Our food guide’s first rule

## Tips from regulars

- Arrive at opening time. By late morning it is busy, and popular stalls sell out.
- Bring a shopping bag and a little cash, although almost every trader takes cards.
- Share: buy several small things and pass them round the table rather than one big plate each.
- After the market, walk a few streets to see [Woodstock’s murals](/stories/woodstock-art-studios).

## Beyond Saturday

During the week the Mill is quieter. Its shops and studios are open, and some of the city’s most celebrated chefs have run restaurants in and around the complex, which has made this corner of Woodstock a destination for serious eating. On a weekday you can browse without the crowds and have a coffee in the courtyard.

The market is a good introduction to how Cape Town eats now: seasonal, mixed, and proud of where things come from. For the older roots of the city’s food, especially the spices and recipes that came with people from South-East Asia, India and East Africa, join our [Bo-Kaap Food Walk](experience:bo-kaap-food-walk). It takes you into family kitchens a few kilometres away, where Cape Malay cooking has been passed down for generations.`,
  },
  {
    slug: 'cape-jazz-scene',
    title: 'The Sound of the Cape: Cape Town’s Jazz Scene',
    overline: 'Music & Culture',
    teaser:
      'From District Six dance halls to Abdullah Ibrahim’s “Mannenberg”, Cape jazz grew out of the city’s streets and carnivals. Here is where it came from and where to hear it now.',
    imageAlt:
      'A saxophone, music notes and stage lights above a city skyline at night with Table Mountain behind',
    publishedAt: '2026-03-08',
    cta: 'township-jazz-night',
    ctaLabel: 'Book the Township Jazz Night',
    related: ['township-jazz-night', 'robben-island'],
    body: `Cape jazz has a sound you can recognise in a few bars: a rolling, swinging rhythm with roots in the goema drum of the Cape’s Kaapse Klopse carnival, church hymns, marabi from the townships, and the American big bands that reached Cape Town’s dance halls through records and radio. It grew up in the 1950s and 1960s in places like District Six, the lively inner-city neighbourhood that the apartheid government declared a white area in 1966 before bulldozing its homes, and in the townships of Langa, Nyanga and Gugulethu.

## The musicians who made it

The best-known name is Abdullah Ibrahim, born Adolph Johannes Brand in Cape Town in 1934 and known early in his career as Dollar Brand. In 1974 he recorded “Mannenberg”, named after a township on the Cape Flats, with the saxophonist Basil Coetzee. Its warm, unhurried groove became an unofficial anthem of resistance. Others shaped the sound too: saxophonist Winston Mankunku Ngozi, whose 1968 album *Yakhal’ Inkomo* is a South African classic, and Robbie Jansen, whose alto saxophone carried goema into jazz.

> Mannenberg is not a song you hear. It is a song you live through. — A Cape Town bandleader

## Exile and return

Under apartheid many musicians left the country, and clubs in the townships were harassed or closed. The music survived in homes, churches and shebeens. After 1994, exiled players came home and a new generation picked up their instruments. In 2000 the Cape Town International Jazz Festival was founded, and it grew into one of the biggest jazz gatherings in Africa.

## Hearing it today

Jazz in Cape Town today lives in small venues as much as on big stages. You will find it in:

- restaurants and community venues in Langa and Gugulethu, on weeknights and weekends;
- jazz bars in the city centre and southern suburbs;
- Sunday afternoon sessions, where families come to eat and dance.

Our [Township Jazz Night](experience:township-jazz-night) takes you to one of these venues with a guide from the community, with dinner and a live set. It is the best way we know to hear Cape jazz where it belongs.`,
  },
  {
    slug: 'table-mountain-hiking',
    title: 'Hiking Table Mountain: Routes, Tips and Timing',
    overline: 'Outdoors',
    teaser:
      'Platteklip Gorge, India Venster, Skeleton Gorge or Lion’s Head? A local guide’s honest guide to walking up Cape Town’s mountains, and coming down safely.',
    imageAlt:
      'Table Mountain on a sunny day with its white tablecloth of cloud spilling over the edge',
    publishedAt: '2026-03-22',
    cta: 'lions-head-sunset-hike',
    ctaLabel: 'Book the Lion’s Head Sunset Hike',
    related: ['lions-head-sunset-hike', 'cape-point-penguins'],
    body: `Table Mountain’s flat top stands more than a kilometre above the city, and its highest point, Maclear’s Beacon, reaches 1,086 metres. It is part of Table Mountain National Park, it was named one of the New7Wonders of Nature, and it is one of the most walked mountains in the world. It is also a real mountain: weather changes in minutes, paths are steep and rocky, and every year rescuers help hikers who set out under-prepared.

## The main routes

- **Platteklip Gorge** is the most direct way up from the front, a steep, stepped path straight up a cleft in the cliffs. Allow two to three hours to the top.
- **India Venster** climbs the front face near the cableway. It involves scrambling and exposure, and it is best done with a guide.
- **Skeleton Gorge** starts in Kirstenbosch National Botanical Garden and climbs through forest, with ladders near the top. It is shady and beautiful, and slippery after rain.

Many visitors walk up and take the cableway down. The cableway opened in 1929, and its cars, added in 1997, rotate as they climb so everyone gets the view.

## The tablecloth

When the south-easter blows, moist air rises over the mountain and condenses into the famous “tablecloth” of cloud that pours over the edge. It is beautiful from below and disorienting on top. If you see it forming, do not start a long route.

> The mountain does not care how fit you are. It cares whether you turned back in time. — Our head mountain guide

## How to hike it well

- Start early, and tell someone your route and your expected return time.
- Carry at least two litres of water, a warm layer, a rain jacket and a charged phone.
- Walk in a group, and stay on marked paths.
- Save the emergency number of Wilderness Search and Rescue, 021 937 0300.

## A gentler first summit

If you have one evening and want the best view in town, start with Lion’s Head. At 669 metres it is shorter, and its summit looks straight across to Table Mountain and out over the Atlantic. Our [Lion’s Head Sunset Hike](experience:lions-head-sunset-hike) goes up in the golden hour and comes down by headlamp, with a guide who checks the weather before you set off.`,
  },
  {
    slug: 'boulders-penguins',
    title: 'Meeting the Penguins of Boulders Beach',
    overline: 'Wildlife',
    teaser:
      'In 1982 two pairs of African penguins settled on a sheltered beach near Simon’s Town. Today thousands of visitors come to see their colony, and to help protect an endangered bird.',
    imageAlt:
      'African penguins standing on white sand between large granite boulders, with turquoise water behind',
    publishedAt: '2026-04-05',
    cta: 'cape-point-penguins',
    ctaLabel: 'Book Cape Point & Penguins',
    related: ['cape-point-penguins', 'sunset-cruise'],
    body: `Boulders Beach lies just south of Simon’s Town on the False Bay side of the Cape Peninsula. Huge rounded granite boulders shelter a string of small coves with clear, calm water, and since 1982, when two breeding pairs settled here, they have sheltered a colony of African penguins. The colony grew into the thousands and is now protected as part of Table Mountain National Park.

## A bird in trouble

The African penguin is the only penguin that breeds on the African continent. Its numbers have fallen by more than 95 per cent since the early twentieth century, mainly because of overfishing of the sardines and anchovies it eats, historic guano and egg collecting, oil spills and warming seas. Fewer than 10,000 breeding pairs remain in the wild, and in 2024 the species was classified as critically endangered. Colonies like Boulders, protected and closely watched, matter a great deal.

> Penguins are noisy neighbours. At night you hear them braying like donkeys across the whole bay. — A Simon’s Town resident

That braying call gave the species its old name, the jackass penguin.

## How to visit

- **Foxy Beach** has boardwalks and viewing platforms right beside the nesting area. This is where you will see the most birds.
- **Boulders Beach** itself is a small swimming beach where penguins sometimes wander among the bathers. The water is warmer than on the Atlantic side, though still bracing.
- There is an entry fee, which supports conservation work.

## Be a good guest

- Never touch or feed the penguins, and keep at least two metres away. Their beaks are sharp.
- Stay on the boardwalks at Foxy Beach; nests are hidden in the bushes.
- Do not use a flash, and keep your voice down near the nests.

The best time to come is early morning or late afternoon, when the light is soft and the tour buses are elsewhere. Penguins breed all year, so there are chicks in many months.

Boulders is one of the highlights of our [Cape Point & Penguins](experience:cape-point-penguins) day, which also takes in Chapman’s Peak, the Cape of Good Hope and lunch by the harbour in Simon’s Town.`,
  },
  {
    slug: 'cape-wine-farms',
    title: 'A Beginner’s Guide to the Cape Wine Farms',
    overline: 'Wine',
    teaser:
      'Three and a half centuries of winemaking, a grape invented in Stellenbosch and some of the world’s most beautiful vineyards: everything you need for your first Cape wine day.',
    imageAlt:
      'Autumn vineyards in orange and gold leading to a white Cape Dutch farmhouse below mountains',
    publishedAt: '2026-04-19',
    cta: 'cape-winelands-tour',
    ctaLabel: 'Book the Cape Winelands Tour',
    related: ['cape-winelands-tour', 'bo-kaap-spice-route-cooking'],
    body: `Wine has been made at the Cape since the 1650s, when the first Dutch commander, Jan van Riebeeck, planted vines and recorded the first pressing in his diary in 1659. In 1685 Governor Simon van der Stel founded Constantia, whose sweet Vin de Constance became famous across Europe: Napoleon is said to have asked for it in exile on St Helena, and Jane Austen mentions Constantia wine in *Sense and Sensibility*.

## The regions

- **Constantia**, inside the city limits, is the oldest wine region, cooled by breezes from False Bay.
- **Stellenbosch**, founded in 1679, is the country’s second-oldest town and its wine capital, with the university’s famous wine faculty and more than a hundred and fifty estates.
- **Franschhoek**, the “French corner”, was settled by Huguenot refugees who arrived from 1688. It is known for its food and for Méthode Cap Classique sparkling wine.
- **Paarl**, beneath its great granite domes, has some of the oldest family farms.

## The grapes

Chenin Blanc is South Africa’s most planted variety, and the Cape makes some of the best in the world, from crisp and fruity to rich and old-vine. Among reds, look for Cabernet Sauvignon and Syrah (often labelled Shiraz). And try Pinotage, the country’s own grape, created in 1925 by Professor Abraham Perold at Stellenbosch University by crossing Pinot Noir with Cinsaut, which was then known in South Africa as Hermitage.

> Taste the Chenin first. It will tell you more about the Cape than anything else in the glass. — A Franschhoek winemaker

## Tasting like a local

- Book ahead in summer, and plan three or four tastings in a day, not seven.
- It is fine to spit, to pour out, or to share a tasting between two.
- Eat a proper lunch: many farms have excellent restaurants.
- Never drive yourself. Use a driver, a tour or the Franschhoek Wine Tram.
- Wine tasting is for adults only: you must be 18 or older, and farms may ask for ID.

The architecture is part of the pleasure. The whitewashed Cape Dutch homesteads, with thatched roofs and curving gables, date from the seventeenth and eighteenth centuries and sit among oaks and vines with the mountains behind. Our [Cape Winelands Tour](experience:cape-winelands-tour) takes you to four estates in Stellenbosch and Franschhoek, with lunch and a private driver.`,
  },
  {
    slug: 'cape-live-music',
    title: 'Where to Hear Live Music in Cape Town',
    overline: 'Music & Nightlife',
    teaser:
      'Summer concerts under the mountain, jazz in the townships, orchestras in City Hall and bands on Long Street: a local’s guide to Cape Town’s live music, season by season.',
    imageAlt:
      'An outdoor stage at dusk in a garden below mountains, with picnic blankets spread on the lawn',
    publishedAt: '2026-05-03',
    cta: 'township-jazz-night',
    ctaLabel: 'Book the Township Jazz Night',
    related: ['township-jazz-night', 'sunset-cruise'],
    body: `Cape Town is a musical city. On any night of the week you can find someone playing, from a trio in a neighbourhood restaurant to a full orchestra, and in summer the music moves outdoors.

## Summer under the mountain

From late November to April, Kirstenbosch National Botanical Garden hosts its Summer Sunset Concerts on Sunday evenings. Families and friends spread picnic blankets on the lawns below the eastern slopes of Table Mountain and listen to some of South Africa’s best-loved performers as the light fades. Tickets sell out for big names, so book early, bring a warm layer, and arrive in time to find a good spot.

> Bring a blanket, bring a picnic, and bring a jersey. The mountain gets cold when the sun goes. — Our events planner

## Jazz where it grew up

The heart of Cape jazz still beats in the townships. Restaurants and community venues in Langa and Gugulethu host live sessions on weeknights and on Sunday afternoons, when people come to eat, talk and dance. The music ranges from straight-ahead jazz to goema and mbaqanga. Read more about its history in our story on [the Cape jazz scene](/stories/cape-jazz-scene).

## Classical and theatre

The Cape Town Philharmonic Orchestra plays regular seasons in the grand Edwardian City Hall on the Grand Parade, and Cape Town Opera performs at the Artscape Theatre. The Baxter Theatre, at the University of Cape Town, stages music and theatre from across the continent.

## Bars and clubs

- **Long Street and Bree Street** in the city centre have bars with live bands, especially from Thursday to Saturday.
- **Observatory**, the student suburb below Devil’s Peak, has small venues for indie, rock and electronic music.
- **The Waterfront** often has free buskers and performers at the amphitheatre.

## Festivals

The Cape’s festival calendar runs all year, from jazz festivals in the city to music weekends in the countryside in spring and summer. The Kaapse Klopse minstrel carnival fills the city streets with bands, banjos and goema drums around Tweede Nuwe Jaar, the second of January.

For an evening that puts you in the room with the musicians, with transport, dinner and a local guide, join our [Township Jazz Night](experience:township-jazz-night).`,
  },
  {
    slug: 'cape-markets',
    title: 'Cape Town’s Best Markets, from Farm Stalls to Night Markets',
    overline: 'Food & Markets',
    teaser:
      'Oysters and sourdough on Saturday morning, crafts on a cobbled square, fish and chips by the harbour on a Friday night: our guide to the markets locals love.',
    imageAlt:
      'Colourful striped market stalls with fruit and crafts under string lights, Table Mountain behind',
    publishedAt: '2026-05-17',
    cta: 'bo-kaap-food-walk',
    ctaLabel: 'Book the Bo-Kaap Food Walk',
    related: ['bo-kaap-food-walk', 'bo-kaap-spice-route-cooking', 'cape-winelands-tour'],
    body: `Cape Town shops at markets. On weekends half the city seems to be queuing for coffee at one of them, and they are one of the easiest ways for a visitor to taste the Cape’s food and meet the people who make it.

## Saturday in Woodstock

The Neighbourgoods Market at the [Old Biscuit Mill](/stories/old-biscuit-mill) opened in 2006 and set the template for the city’s food markets: small producers, great cooking and a hall full of people. Arrive at opening time.

## On the farm, in town

The Oranjezicht City Farm market began with a community vegetable garden on the slopes above the city and grew into one of Cape Town’s favourite weekend markets. It now trades by the sea at Granger Bay, near the V&A Waterfront. Come for organic vegetables, fresh bread, flowers and breakfast with a view of the harbour.

> Buy the tomatoes that look ugly. They are always the ones that taste best. — An Oranjezicht farmer

## By the harbour

The Bay Harbour Market in Hout Bay fills an old fish factory with food, crafts and live music on Friday evenings and weekends. Afterwards, walk to the harbour to watch the seals and the fishing boats.

## Crafts and history

Greenmarket Square, in the old city centre, has been a market place since the eighteenth century. Today its cobbles are covered with stalls of crafts from across Africa: beadwork, carvings, textiles and paintings. Bargaining is expected, politely.

## Market tips

- Most traders take cards, but a little cash helps at smaller stalls.
- Bring your own bag; many markets are plastic-free.
- Go early for the best choice, or late for the best prices.
- Keep an eye on your phone and bag in crowds, as you would in any city.

Markets show how Cape Town eats today. To understand how it has eaten for centuries, join our [Bo-Kaap Food Walk](experience:bo-kaap-food-walk), where Cape Malay families share the dishes, spices and stories behind the city’s oldest cooking tradition.`,
  },
  {
    slug: 'chapmans-peak-drive',
    title: 'Chapman’s Peak Drive: 114 Curves Between Mountain and Sea',
    overline: 'Road Trips',
    teaser:
      'Nine kilometres of road carved into the cliffs between Hout Bay and Noordhoek, with the Atlantic far below. How to drive it, when to go and where to stop.',
    imageAlt:
      'A winding road cut into golden cliffs high above the sea, with a small red car on it',
    publishedAt: '2026-05-31',
    cta: 'questionnaire',
    ctaLabel: 'Plan a Cape Peninsula road trip',
    related: ['cape-point-penguins', 'sunset-cruise'],
    body: `Chapman’s Peak Drive links Hout Bay and Noordhoek along the Atlantic side of the Cape Peninsula. In about nine kilometres it takes 114 curves, hugging cliffs that drop almost straight into the sea. On a clear afternoon, with the light on the water and the Sentinel standing guard over Hout Bay behind you, it is one of the most beautiful drives anywhere.

## How it was built

The road was built between 1915 and 1922, much of it by hand. Its engineers found a clever line: the road follows the boundary where the Cape granite at the base of the mountain meets the layered sandstone above, which was easier to cut. The peak itself takes its name from John Chapman, a ship’s pilot sent ashore here in 1607 to look for supplies when his ship was becalmed in the bay.

## Closure and rebirth

Rockfalls have always been the road’s weakness. After serious falls, it was closed in 2000 and rebuilt with catch fences, rock anchors and a dramatic half-tunnel carved into the cliff. It reopened in 2003 as a toll road. It still closes occasionally in storms or after rockfalls, so check before you set off.

> Drive it south in the afternoon, so the sea is on your side of the car and the sun is on the water. — Our drivers’ advice

## Where to stop

- **The lookout points** on the Hout Bay side give the classic views back over the bay and the Sentinel.
- **Chapman’s Peak Hotel**, at the Hout Bay end, is a local favourite for fish and chips.
- **Noordhoek Beach**, at the southern end, is a wide, empty sweep of sand that is perfect for a long walk or a horse ride.

## Good to know

- There is a toll for cars; cyclists and walkers pass free.
- The road is part of the route of the Cape Town Cycle Tour in March, one of the largest timed cycle races in the world.
- Picnic spots along the road have lovely views, but keep food away from baboons.

Chapman’s Peak is the opening act of our Cape Point & Penguins day, and a favourite stop on the road trips we plan for bespoke guests. Tell us how you like to travel, and we will build your Peninsula day around the best light.`,
  },
]

export function storyDocuments() {
  return storySources.map((s, i) => ({
    _id: storyId(s.slug),
    _type: 'story',
    title: s.title,
    slug: {_type: 'slug', current: s.slug},
    overline: s.overline,
    teaser: s.teaser,
    image: image(`story-${s.slug}`, s.imageAlt),
    listOrder: i + 1,
    publishedAt: s.publishedAt,
    body: portableText(s.body, `story-${s.slug}`),
    callToAction:
      s.cta === 'questionnaire'
        ? {_type: 'storyCallToAction', kind: 'questionnaire', label: s.ctaLabel}
        : {
            _type: 'storyCallToAction',
            kind: 'experience',
            experience: ref(experienceId(s.cta)),
            label: s.ctaLabel,
          },
    relatedExperiences: keyed(
      s.related.map((slug) => ref(experienceId(slug))),
      `story-${s.slug}-related`,
    ),
  }))
}
