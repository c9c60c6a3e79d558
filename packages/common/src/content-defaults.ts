// Today's texts (the SPEC's): the seed of a fresh install and what the site is built with, so nothing a visitor
// sees changes until someone publishes (docs/features/site-content.md). Typed by the pages' specs (SiteContentPages):
// a field a spec has and these texts lack, or the reverse, does not compile.
import type { SiteContentPages } from './content-pages';
import type { ContentKey } from './content-paths';
import type { ContentFields } from './content-schema';
import { SERVICE_KEYS, SERVICE_LABELS, type ServiceKey } from './enums';
import { CONTACT_HOURS } from './limits';
import { richBulletList, richDoc, richParagraph } from './rich-text';

type Slide = SiteContentPages['home']['hero']['slides'][number];
type Card = SiteContentPages['home']['reasons']['items'][number];
type ServiceCard = SiteContentPages['services']['offer']['cards'][number];
type PolicySection = SiteContentPages['security-policy']['policy']['sections'][number];

const slide = (id: ServiceKey, description: string): Slide => ({
  title: SERVICE_LABELS[id],
  description,
  image: `/images/services/${id}.svg`,
  imageAlt: `${SERVICE_LABELS[id]} illustration`,
});

const cards = (...pairs: [string, string][]): Card[] => pairs.map(([title, text]) => ({ title, text }));
const prose = (...paragraphs: string[]) => richDoc(...paragraphs.map((text) => richParagraph(text)));
const sections = (...pairs: [string, string][]): PolicySection[] => pairs.map(([title, text]) => ({ title, body: prose(text) }));

const card = (anchor: ServiceKey, description: string, features: string[]): ServiceCard => ({
  anchor,
  title: SERVICE_LABELS[anchor],
  description: richDoc(richParagraph(description)),
  features,
  image: `/images/services/${anchor}.svg`,
  imageAlt: `${SERVICE_LABELS[anchor]} illustration`,
});

export const DEFAULT_CONTENT: SiteContentPages = {
  site: {
    company: { name: 'Brightwave Technologies', shortName: 'Brightwave', tagline: 'Transforming ideas into seamless digital reality' },
    contact: {
      emails: [
        { label: 'General enquiries', address: 'hello@brightwave.example' },
        { label: 'Support', address: 'support@brightwave.example' },
      ],
      phones: [
        { label: 'Sales', number: '+1 555 010 2030' },
        { label: 'Support', number: '+1 555 010 2040' },
      ],
      street: '221 Harbor Street, Suite 400',
      city: 'Portland',
      region: 'OR',
      postalCode: '97204',
      country: 'United States',
      hours: [...CONTACT_HOURS],
    },
    social: {
      instagram: 'https://www.instagram.com/brightwave.example',
      youtube: 'https://www.youtube.com/@brightwave.example',
      linkedin: 'https://www.linkedin.com/company/brightwave-example',
    },
    map: { latitude: 45.5186, longitude: -122.6746 },
    footer: {
      blurb: 'Transforming ideas into seamless reality through innovative technology solutions.',
      services: ['Web Design', 'Mobile Apps', 'Marketing', 'Blockchain'],
    },
  },
  services: {
    seo: {
      title: 'Our Services | Brightwave Technologies',
      description: 'E-commerce design, web and logo design, social media management, marketing, mobile apps, blockchain, health and beauty solutions and CRMs.',
      image: '',
    },
    hero: {
      title: 'Our Services',
      tagline: 'Everything you need to design, build, launch and grow your digital products.',
      rotatingTitles: SERVICE_KEYS.map((key) => SERVICE_LABELS[key]),
    },
    offer: {
      title: 'What We Offer',
      intro: 'Nine ways we help businesses grow.',
      cards: [
        card('ecommerce', 'Online stores that load fast, look sharp and turn visitors into loyal customers.', [
          'Custom storefront design',
          'Secure payment integration',
          'Inventory management',
          'Conversion optimisation',
        ]),
        card('web', 'Responsive, accessible websites built on modern frameworks and tuned for search engines.', [
          'Responsive layouts',
          'Accessibility by design',
          'SEO-ready structure',
          'Content management',
        ]),
        card('logo', 'Memorable logos and brand identities that tell your story at a glance.', [
          'Logo concepts',
          'Brand guidelines',
          'Typography and colour palettes',
          'Print and digital assets',
        ]),
        card('social', 'Consistent, engaging social media presence managed by people who know each platform.', [
          'Content calendars',
          'Community management',
          'Paid social campaigns',
          'Monthly analytics reports',
        ]),
        card('marketing', 'Data-driven campaigns across search, e-mail and content that grow measurable revenue.', [
          'Search engine optimisation',
          'E-mail marketing',
          'Content strategy',
          'Campaign analytics',
        ]),
        card('mobile', 'Native and cross-platform apps for iOS and Android that people enjoy using every day.', [
          'iOS and Android apps',
          'Cross-platform development',
          'App store publishing',
          'Push notifications and analytics',
        ]),
        card('blockchain', 'Secure smart contracts, wallets and decentralised applications built to last.', [
          'Smart contract development',
          'Wallet integration',
          'Tokenisation',
          'Security audits',
        ]),
        card('health', 'Booking, membership and e-commerce solutions for clinics, salons and wellness brands.', [
          'Online booking systems',
          'Membership portals',
          'Product stores',
          'Client reminders',
        ]),
        card('crm', 'CRM platforms configured around your sales process, so no lead slips through.', [
          'CRM setup and migration',
          'Sales pipeline automation',
          'Custom dashboards',
          'Third-party integrations',
        ]),
      ],
    },
  },

  home: {
    seo: {
      title: 'Brightwave Technologies | Web, Mobile, Blockchain and Marketing Services',
      description:
        'Brightwave Technologies designs and builds e-commerce stores, websites, mobile apps, blockchain solutions and CRMs, and markets them. Request a free quote.',
      image: '',
    },
    hero: {
      slides: [
        slide('enterprise', 'Scalable platforms, integrations and automation for organisations that run on software.'),
        slide('ecommerce', 'Online stores that load fast, look sharp and turn visitors into loyal customers.'),
        slide('web', 'Responsive, accessible websites built on modern frameworks and tuned for search engines.'),
        slide('logo', 'Memorable logos and brand identities that tell your story at a glance.'),
        slide('social', 'Consistent, engaging social media presence managed by people who know each platform.'),
        slide('marketing', 'Data-driven campaigns across search, e-mail and content that grow measurable revenue.'),
        slide('mobile', 'Native and cross-platform apps for iOS and Android that people enjoy using every day.'),
        slide('blockchain', 'Secure smart contracts, wallets and decentralised applications built to last.'),
        slide('health', 'Booking, membership and e-commerce solutions for clinics, salons and wellness brands.'),
        slide('crm', 'CRM platforms configured around your sales process, so no lead slips through.'),
      ],
    },
    quote: { title: 'Get a Free Quote', intro: 'Tell us about your project and we will get back to you within one business day.' },
    reasons: {
      title: 'Why Choose Us',
      intro: 'What working with Brightwave feels like.',
      items: cards(
        ['Expert Team', 'Senior designers, engineers and marketers who have shipped hundreds of products.'],
        ['Proven Results', 'A 98% project success rate and clients who come back for their next idea.'],
        ['Fast Delivery', 'Agile sprints and weekly demos, so you see progress from the first week.'],
        ['24/7 Support', 'A support team that answers around the clock, long after launch day.'],
      ),
    },
  },
  about: {
    seo: {
      title: 'About Us | Brightwave Technologies',
      description: 'Over 10 years, 500+ clients in 30+ countries and a 98% success rate: meet the team, our process and the clients we build for.',
      image: '',
    },
    hero: { title: 'About Us', tagline: 'Brightwave Technologies turns ideas into products people love to use.' },
    stats: {
      items: [
        { value: '500+', label: 'Happy Clients' },
        { value: '98%', label: 'Success Rate' },
        { value: '10+', label: 'Years of Experience' },
        { value: '30+', label: 'Countries Served' },
      ],
    },
    who: {
      title: 'Who We Are',
      body: prose(
        'Founded in 2014, Brightwave Technologies is a team of designers, engineers and marketers who help businesses of every size succeed online. We have delivered more than 500 projects for clients in over 30 countries.',
        'We believe great technology should feel effortless. That is why we pair careful design with solid engineering, and stay with our clients long after launch.',
      ),
    },
    whatWeDo: { title: 'What We Do' },
    process: {
      title: 'Our Development Process',
      intro: 'Four stages, one accountable team.',
      stages: cards(
        ['Discovery & Planning', 'We learn your goals, users and constraints, then agree on scope, milestones and budget.'],
        ['Design & Prototyping', 'Wireframes and clickable prototypes let you see and test the product before we build it.'],
        ['Development & Testing', 'Short sprints, weekly demos and automated tests keep quality high and surprises low.'],
        ['Launch & Support', 'We ship, monitor and keep improving, with a support team that stays with you.'],
      ),
    },
    reasons: {
      title: 'Why Choose Us',
      items: [
        'A senior team that owns the result, not just the tasks',
        'Transparent pricing and weekly progress reports',
        'Accessibility, security and performance built in from day one',
        'Long-term support and maintenance after launch',
      ],
    },
    stories: {
      title: 'Client Success Stories',
      items: [
        {
          quote: 'Brightwave rebuilt our store in eight weeks. Conversion is up 40% and the site finally loads instantly on phones.',
          name: 'Maria Lopez',
          role: 'Founder, Verde Home Goods',
        },
        {
          quote: 'Their CRM rollout unified three sales teams. We now close deals faster because nobody loses track of a lead.',
          name: 'David Chen',
          role: 'VP Sales, Northwind Logistics',
        },
        {
          quote: 'From logo to launch campaign, they understood our brand better than we did. The results speak for themselves.',
          name: 'Aisha Patel',
          role: 'Marketing Director, Lumen Wellness',
        },
      ],
    },
    cta: { title: 'Ready to start your project?', text: 'Let us talk about what you want to build.' },
  },
  mission: {
    seo: {
      title: 'Mission & Vision | Brightwave Technologies',
      description: 'Why Brightwave Technologies exists, where we are heading and the values that guide every project.',
      image: '',
    },
    hero: { title: 'Mission & Vision', tagline: 'Why we exist and where we are heading.' },
    mission: {
      title: 'Our Mission',
      body: prose(
        'To help businesses of every size turn their ideas into reliable, accessible and beautiful digital products, and to stay by their side as they grow.',
      ),
    },
    vision: {
      title: 'Our Vision',
      body: prose('A world where great technology is within reach of every business, and Brightwave Technologies is the partner they trust to build it.'),
    },
    values: {
      title: 'Our Values',
      items: cards(
        ['Integrity', 'We say what we will do, then do it, and tell you early when something changes.'],
        ['Craft', 'We sweat the details users notice and the ones they never will.'],
        ['Inclusion', 'Everything we build is meant to be usable by everyone, on every device.'],
        ['Partnership', 'Your success is the only measure of ours.'],
      ),
    },
  },
  'security-policy': {
    seo: {
      title: 'Security Policy | Brightwave Technologies',
      description:
        'How Brightwave Technologies protects client data: encryption, access control, network security, incident response, compliance and training.',
      image: '',
    },
    hero: { title: 'Security Policy', tagline: 'How Brightwave Technologies keeps your data and your users safe.' },
    policy: {
      sections: sections(
        [
          'Data Protection',
          'Client data is encrypted in transit with TLS and at rest with AES-256. We collect only what a project needs and delete it when it is no longer required.',
        ],
        ['Access Control', 'Access follows least privilege: every account is personal, protected by multi-factor authentication and reviewed every quarter.'],
        [
          'Network Security',
          'Production systems sit behind firewalls with monitored, logged access. Dependencies are scanned and patched on a fixed schedule.',
        ],
        [
          'Incident Response',
          'A documented response plan lets us contain, investigate and report incidents quickly. Affected clients are informed without undue delay.',
        ],
        [
          'Compliance & Audits',
          'Our practices follow recognised frameworks such as ISO 27001 and GDPR, and are checked by regular internal and external audits.',
        ],
        ['Employee Training', 'Every team member completes security and privacy training when joining and every year after, including phishing awareness.'],
      ),
      closing: 'Questions about our security practices?',
    },
  },
  careers: {
    seo: {
      title: 'Careers | Join Our Team at Brightwave Technologies',
      description: 'Open positions at Brightwave Technologies in engineering, design, marketing and more. Apply online today.',
      image: '',
    },
    hero: { title: 'Join Our Team', tagline: 'Build products that matter with people who care about the craft.' },
    perks: {
      title: 'Why Join Us?',
      items: cards(
        ['Growth & Development', 'A yearly learning budget, mentoring and a clear path to your next role.'],
        ['Innovation First', 'Time to explore new tools and ideas, and a team that ships them.'],
        ['Work-Life Balance', 'Flexible hours, remote-friendly teams and generous paid time off.'],
      ),
    },
  },
  contact: {
    seo: {
      title: 'Contact Us | Brightwave Technologies',
      description: 'Talk to Brightwave Technologies: send a message to sales, support, billing or our general team.',
      image: '',
    },
    hero: { title: 'Contact Us', tagline: 'Have a project in mind or a question for us? We would love to hear from you.' },
    headings: {
      form: 'Send Us a Message',
      details: 'Get in Touch',
      location: 'Our Location',
      phones: 'Phone Numbers',
      emails: 'Email Addresses',
      hours: 'Working Hours',
    },
  },
  privacy: {
    seo: {
      title: 'Privacy Policy | Brightwave Technologies',
      description:
        'What Brightwave Technologies collects through its quote, contact and job application forms, why, how long it is kept, and how to get a copy or have it erased.',
      image: '',
    },
    hero: { title: 'Privacy Policy', tagline: 'What Brightwave Technologies does with the details you send us.' },
    notice: {
      sections: [
        {
          title: 'What we collect',
          body: richDoc(
            richBulletList(
              ['Quote requests: your name, e-mail address, the service you are interested in and your message.'],
              ['Contact messages: your name, e-mail address, phone number if you give one, the department and your message.'],
              ['Job applications: your name, e-mail address, phone number, experience, cover letter, portfolio link and resume.'],
            ),
          ),
        },
        {
          title: 'Why',
          body: richDoc(
            richBulletList(
              [
                'Only to answer you: to prepare your quote, reply to your message or consider your application. We do not sell your details, use them for advertising or add you to a mailing list.',
              ],
              ['We send you one confirmation of what you sent us. Forms that look automated are set aside as suspected spam.'],
            ),
          ),
        },
      ],
    },
  },
};

/** A page's installed texts as the loosely typed record the API carries and the backend stores. */
export const defaultContentFields = (key: ContentKey): ContentFields => DEFAULT_CONTENT[key];
