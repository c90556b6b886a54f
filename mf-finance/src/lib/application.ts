/**
 * What the pre-approval's final submit sends (server only: it validates with the contracts' schemas, which the island
 * does not need): the Finance Enquiry lead and the YouX customer of an application.
 */
import * as v from 'valibot';
import { FinanceCustomerCreationSchema, LeadSubmissionSchema, type FinanceCustomerCreation, type LeadSubmission } from '@forecourt/contracts/api';
import { applicationMessage, type Application, type Details } from './preapproval.ts';

/** The Finance Enquiry lead of an application (edge-api records analytics 9 for it). */
export function applicationLead(app: Application, details: Details, pageUrl: string, userAgent: string): LeadSubmission {
  const { car } = app;
  return v.parse(LeadSubmissionSchema, {
    payload: {
      category: 'Finance Enquiry',
      subcategory: 'Instant pre-approval',
      name: details.firstName,
      last_name: details.lastName,
      email: details.email,
      phone: details.phone,
      postcode: details.postCode,
      message: applicationMessage(app.estimate),
      opt_in: details.subscribe,
      // Apply to lender asks for it (routes/preapproval.ts): the shopper agreed to the terms before their details went on.
      terms_conditions: true,
      additional_services: [],
      lead_attributes: {},
      ...(car.car_id ? { car_id: car.car_id } : {}),
      ...(car.car_type ? { car_type: car.car_type } : {}),
      ...(car.preferredDealership && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(car.preferredDealership) ? { dealership_slug: car.preferredDealership } : {}),
    },
    userData: {
      url: pageUrl,
      source: 'Website',
      user_agent: userAgent.slice(0, 500),
      lead_attributes: {},
      ...(car.car_id ? { car_id: car.car_id } : {}),
    },
  });
}

/** The YouX customer of an application (spec §3 Finance customer creation). */
export function applicationCustomer(app: Application, details: Details): FinanceCustomerCreation {
  const year = Number(app.car.year);
  return v.parse(FinanceCustomerCreationSchema, {
    nvic: app.car.nvic ?? null,
    vin: app.car.vin ?? null,
    selfAssessedCreditScore: app.estimate.credit,
    purchasePrice: app.estimate.price,
    ...(Number.isInteger(year) ? { year } : {}),
    loanTerm: app.estimate.term,
    phoneNumber: details.phone,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    subscribe: details.subscribe,
    postCode: details.postCode,
  });
}
