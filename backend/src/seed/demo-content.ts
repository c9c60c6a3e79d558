import type { Job, JobPayload, PortfolioPayload } from '@brightwave/common';

/** Demo portfolio: images ship with the site under /images/portfolio/. */
export const DEMO_PORTFOLIO: PortfolioPayload[] = [
  {
    category: 'ecommerce',
    projectTitle: 'ShopSphere',
    projectSubtitle: 'Headless storefront for a fashion retailer',
    description:
      'A fast headless storefront with server-rendered product pages, a one-page checkout and real-time stock, which lifted mobile conversion by 38% in the first quarter.',
    imgLink: '/images/portfolio/shopsphere.svg',
    techStack: ['React', 'Node.js', 'PostgreSQL', 'Stripe'],
    linkToProject: 'https://example.com/projects/shopsphere',
  },
  {
    category: 'health',
    projectTitle: 'MediLink',
    projectSubtitle: 'Appointment booking for a chain of clinics',
    description:
      'Online booking, reminders and a patient portal for twelve clinics, integrated with their practice-management system and built to strict privacy rules.',
    imgLink: '/images/portfolio/medilink.svg',
    techStack: ['TypeScript', 'NestJS', 'React Native'],
    linkToProject: 'https://example.com/projects/medilink',
  },
  {
    category: 'blockchain',
    projectTitle: 'ChainVault',
    projectSubtitle: 'Custody dashboard for digital assets',
    description:
      'A multi-signature custody dashboard with audit trails, role-based approvals and real-time on-chain monitoring for an asset manager.',
    imgLink: '/images/portfolio/chainvault.svg',
    techStack: ['Solidity', 'Go', 'React'],
    linkToProject: 'https://example.com/projects/chainvault',
  },
  {
    category: 'health',
    projectTitle: 'GlowUp',
    projectSubtitle: 'Beauty salon booking and loyalty app',
    description:
      'A booking and loyalty app for a beauty brand with stylist calendars, gift cards and personalised offers, rated 4.8 in both app stores.',
    imgLink: '/images/portfolio/glowup.svg',
    techStack: ['Flutter', 'Firebase'],
    linkToProject: 'https://example.com/projects/glowup',
  },
  {
    category: 'mobile',
    projectTitle: 'FinTrack',
    projectSubtitle: 'Personal finance app',
    description:
      'A budgeting app with bank connections, spending insights and shared household budgets, used by more than 80,000 people every month.',
    imgLink: '/images/portfolio/fintrack.svg',
    techStack: ['Kotlin', 'Swift', 'GraphQL'],
    linkToProject: 'https://example.com/projects/fintrack',
  },
  {
    category: 'logo',
    projectTitle: 'BrandForge',
    projectSubtitle: 'Identity for a craft brewery',
    description:
      'Logo, colour system and packaging for a craft brewery, from first sketches to a brand book used by their printers and designers.',
    imgLink: '/images/portfolio/brandforge.svg',
    techStack: ['Illustrator', 'Figma'],
    linkToProject: 'https://example.com/projects/brandforge',
  },
  {
    category: 'social',
    projectTitle: 'SocialPulse',
    projectSubtitle: 'Social media campaign for a sports brand',
    description:
      'A six-month social campaign with weekly content, creator partnerships and live reporting that tripled the brand’s engaged audience.',
    imgLink: '/images/portfolio/socialpulse.svg',
    techStack: ['Meta Business Suite', 'Canva', 'Looker Studio'],
    linkToProject: 'https://example.com/projects/socialpulse',
  },
  {
    category: 'marketing',
    projectTitle: 'GrowthLens',
    projectSubtitle: 'Marketing analytics for a SaaS company',
    description:
      'Attribution and funnel analytics across paid, organic and product channels, cutting the cost per acquisition by a quarter.',
    imgLink: '/images/portfolio/growthlens.svg',
    techStack: ['Python', 'BigQuery', 'dbt'],
    linkToProject: 'https://example.com/projects/growthlens',
  },
  {
    category: 'crm',
    projectTitle: 'SalesBridge',
    projectSubtitle: 'CRM rollout for a B2B distributor',
    description:
      'A tailored CRM with pipeline automation, quote generation and ERP synchronisation for a sales team of sixty.',
    imgLink: '/images/portfolio/salesbridge.svg',
    techStack: ['Salesforce', 'Apex', 'MuleSoft'],
    linkToProject: 'https://example.com/projects/salesbridge',
  },
];

export const DEMO_JOBS: (JobPayload & Pick<Job, 'requirements'>)[] = [
  {
    title: 'Senior Full-Stack Engineer',
    department: 'engineering',
    location: 'remote',
    type: 'full-time',
    experience: '5+ years',
    description: 'Build and run the web platforms our clients depend on, from database schema to polished interface.',
    requirements: ['Strong TypeScript and React', 'Experience with Node.js APIs and PostgreSQL', 'Comfortable owning features end to end'],
  },
  {
    title: 'Mobile Developer',
    department: 'engineering',
    location: 'hybrid',
    type: 'full-time',
    experience: '3-5 years',
    description: 'Create fast, accessible iOS and Android apps with React Native and native modules where needed.',
    requirements: ['Shipped apps in both stores', 'React Native or Flutter', 'Care for performance and accessibility'],
  },
  {
    title: 'UI/UX Designer',
    department: 'design',
    location: 'onsite',
    type: 'full-time',
    experience: '2-3 years',
    description: 'Turn client goals into clear journeys, wireframes and interfaces, and test them with real users.',
    requirements: ['A portfolio of shipped products', 'Figma and prototyping', 'User research experience'],
  },
  {
    title: 'Digital Marketing Specialist',
    department: 'marketing',
    location: 'remote',
    type: 'part-time',
    experience: '2+ years',
    description: 'Plan and run paid and organic campaigns for our clients and report on what works.',
    requirements: ['Google Ads and Meta Ads', 'Analytics and reporting', 'Clear written English'],
  },
  {
    title: 'Account Executive',
    department: 'sales',
    location: 'hybrid',
    type: 'contract',
    experience: '3+ years',
    description: 'Find and win new clients for our design and engineering services.',
    requirements: ['B2B services sales experience', 'CRM discipline', 'Confident presenter'],
  },
  {
    title: 'Operations Intern',
    department: 'operations',
    location: 'onsite',
    type: 'internship',
    experience: '0-1 years',
    description: 'Help our operations team with planning, tooling and the day-to-day running of projects.',
    requirements: ['Organised and curious', 'Spreadsheets', 'Available for six months'],
  },
];
