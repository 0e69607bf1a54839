/**
 * The certification catalogue: institute → area → certifications, a few widely held IT and testing
 * certifications (names as the institutes publish them). Ids are positions in the flattened lists (institutes,
 * then areas, then certifications, each in the order below); append only.
 */
export type CertificationCatalogue = ReadonlyArray< {
	institute: string;
	areas: ReadonlyArray< { area: string; certifications: readonly string[] } >;
} >;

export const CERTIFICATIONS: CertificationCatalogue = [
	{
		institute: 'ISTQB',
		areas: [
			{
				area: 'Core Foundation',
				certifications: [ 'Certified Tester Foundation Level (CTFL)' ],
			},
			{
				area: 'Agile',
				certifications: [
					'Agile Tester (CTFL-AT)',
					'Agile Technical Tester (CTAL-ATT)',
					'Agile Test Leadership at Scale (CT-ATLaS)',
				],
			},
			{
				area: 'Core Advanced',
				certifications: [
					'Test Analyst (CTAL-TA)',
					'Technical Test Analyst (CTAL-TTA)',
					'Test Management (CTAL-TM)',
				],
			},
			{
				area: 'Specialist',
				certifications: [
					'Mobile Application Testing (CT-MAT)',
					'Usability Testing (CT-UT)',
					'Security Testing (CT-SEC)',
					'Performance Testing (CT-PT)',
					'Test Automation Engineering (CT-TAE)',
					'Game Testing (CT-GaMe)',
					'Acceptance Testing (CT-AcT)',
					'AI Testing (CT-AI)',
					'Automotive Software Tester (CT-AuT)',
				],
			},
			{
				area: 'Expert',
				certifications: [
					'Test Management (CTEL-TM)',
					'Improving the Test Process (CTEL-ITP)',
				],
			},
		],
	},
	{
		institute: 'ISACA',
		areas: [
			{
				area: 'Audit and assurance',
				certifications: [
					'Certified Information Systems Auditor (CISA)',
				],
			},
			{
				area: 'Security',
				certifications: [
					'Certified Information Security Manager (CISM)',
				],
			},
			{
				area: 'Risk',
				certifications: [
					'Certified in Risk and Information Systems Control (CRISC)',
				],
			},
			{
				area: 'Governance',
				certifications: [
					'Certified in the Governance of Enterprise IT (CGEIT)',
				],
			},
			{
				area: 'Privacy',
				certifications: [
					'Certified Data Privacy Solutions Engineer (CDPSE)',
				],
			},
		],
	},
	{
		// Spelled (ISC)² until its 2023 rebranding.
		institute: 'ISC2',
		areas: [
			{
				area: 'Cybersecurity',
				certifications: [
					'Certified in Cybersecurity (CC)',
					'Systems Security Certified Practitioner (SSCP)',
					'Certified Information Systems Security Professional (CISSP)',
				],
			},
			{
				area: 'Cloud security',
				certifications: [
					'Certified Cloud Security Professional (CCSP)',
				],
			},
			{
				area: 'Software security',
				certifications: [
					'Certified Secure Software Lifecycle Professional (CSSLP)',
				],
			},
		],
	},
	{
		institute: 'CompTIA',
		areas: [
			{
				area: 'Core',
				certifications: [
					'CompTIA A+',
					'CompTIA Network+',
					'CompTIA Security+',
				],
			},
			{
				area: 'Cybersecurity',
				certifications: [
					'CompTIA PenTest+',
					'CompTIA CySA+',
					'CompTIA SecurityX (formerly CASP+)',
				],
			},
			{
				area: 'Infrastructure',
				certifications: [
					'CompTIA Linux+',
					'CompTIA Cloud+',
					'CompTIA Server+',
				],
			},
			{
				area: 'Data and analytics',
				certifications: [ 'CompTIA Data+' ],
			},
		],
	},
	{
		institute: 'Google',
		areas: [
			{
				area: 'Google Cloud',
				certifications: [
					'Cloud Digital Leader',
					'Associate Cloud Engineer',
					'Professional Cloud Architect',
					'Professional Cloud Developer',
					'Professional Cloud Security Engineer',
				],
			},
			{
				area: 'Career Certificates',
				certifications: [
					'Google IT Support',
					'Google UX Design',
					'Google Cybersecurity',
					'Google Data Analytics',
					'Google Project Management',
				],
			},
			{
				area: 'Marketing',
				certifications: [
					'Google Ads Search Certification',
					'Google Analytics Certification',
				],
			},
		],
	},
	{
		institute: 'Microsoft',
		areas: [
			{
				area: 'Azure',
				certifications: [
					'Azure Fundamentals (AZ-900)',
					'Azure Administrator Associate (AZ-104)',
					'Azure Developer Associate (AZ-204)',
					'Azure Solutions Architect Expert (AZ-305)',
					'DevOps Engineer Expert (AZ-400)',
				],
			},
			{
				area: 'Microsoft 365',
				certifications: [
					'Microsoft 365 Fundamentals (MS-900)',
					'Microsoft 365 Administrator Expert (MS-102)',
				],
			},
			{
				area: 'Security',
				certifications: [
					'Security, Compliance, and Identity Fundamentals (SC-900)',
					'Security Operations Analyst Associate (SC-200)',
				],
			},
			{
				area: 'Power Platform',
				certifications: [ 'Power Platform Fundamentals (PL-900)' ],
			},
		],
	},
	{
		institute: 'Amazon Web Services',
		areas: [
			{
				area: 'Foundational',
				certifications: [ 'AWS Certified Cloud Practitioner' ],
			},
			{
				area: 'Associate',
				certifications: [
					'AWS Certified Solutions Architect – Associate',
					'AWS Certified Developer – Associate',
					'AWS Certified SysOps Administrator – Associate',
				],
			},
			{
				area: 'Professional',
				certifications: [
					'AWS Certified Solutions Architect – Professional',
					'AWS Certified DevOps Engineer – Professional',
				],
			},
			{
				area: 'Specialty',
				certifications: [ 'AWS Certified Security – Specialty' ],
			},
		],
	},
	{
		institute: 'IAAP',
		areas: [
			{
				area: 'Accessibility',
				certifications: [
					'Certified Professional in Accessibility Core Competencies (CPACC)',
					'Web Accessibility Specialist (WAS)',
					'Certified Professional in Web Accessibility (CPWA)',
				],
			},
		],
	},
	{
		institute: 'IREB',
		areas: [
			{
				area: 'Requirements Engineering',
				certifications: [
					'CPRE Foundation Level',
					'CPRE Advanced Level Requirements Elicitation',
					'CPRE Advanced Level Requirements Modeling',
				],
			},
		],
	},
];
