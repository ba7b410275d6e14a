// The variables of §3.4 as the template editor's picker offers them: each with its Liquid path,
// a label in both languages and an example. A list (registrations, …) names the variable each
// of its entries goes by inside `{% for … %}`; its children's paths start with that name.

export interface TemplateVariable {
  path: string;
  label: { fr: string; en: string };
  example?: string;
  /** for a list: the loop variable's name */
  item?: string;
  children?: TemplateVariable[];
}

const v = (path: string, fr: string, en: string, example?: string): TemplateVariable => ({
  path,
  label: { fr, en },
  ...(example === undefined ? {} : { example }),
});

const group = (
  path: string,
  fr: string,
  en: string,
  children: TemplateVariable[],
): TemplateVariable => ({ path, label: { fr, en }, children });

const list = (
  path: string,
  item: string,
  fr: string,
  en: string,
  children: TemplateVariable[],
): TemplateVariable => ({ path, item, label: { fr, en }, children });

const person = (path: string) => [
  v(`${path}.firstname`, "Prénom", "First name", "Léa"),
  v(`${path}.lastname`, "Nom", "Last name", "Martin"),
  v(`${path}.fullname`, "Nom complet", "Full name", "Léa Martin"),
];

const period = (path: string) => [
  v(`${path}.period`, "Période", "Period", "samedi 2 mai 2026, 10:00 – 12:00"),
  v(`${path}.start_at`, "Début (date brute)", "Start (raw date)", "2026-05-02T08:00:00.000Z"),
  v(`${path}.end_at`, "Fin (date brute)", "End (raw date)", "2026-05-02T10:00:00.000Z"),
];

const availability = (path: string) => [
  v(`${path}.activity.title`, "Activité", "Activity", "Stage multisports"),
  ...period(path),
  v(`${path}.location.title`, "Lieu", "Location", "Salle omnisports"),
  v(`${path}.location.address`, "Adresse", "Address", "Rue du Stade 12, 1300 Wavre"),
  v(`${path}.url`, "Lien de la page", "Page link", "https://…/availabilities/…"),
];

export const TEMPLATE_VARIABLES: TemplateVariable[] = [
  group("customer", "Client", "Customer", [
    v("customer.firstname", "Prénom", "First name", "Alice"),
    v("customer.lastname", "Nom", "Last name", "Martin"),
    v("customer.fullname", "Nom complet", "Full name", "Alice Martin"),
    v("customer.email", "E-mail", "E-mail", "alice@example.com"),
    v("customer.phone", "Téléphone", "Phone", "+32470123456"),
  ]),
  group("organiser", "Organisateur", "Organiser", [
    v("organiser.name", "Nom", "Name", "Les Petits Sportifs"),
    v("organiser.email", "E-mail", "E-mail", "contact@example.com"),
    v("organiser.phone", "Téléphone", "Phone", "+3210123456"),
    v("organiser.website_url", "Site", "Website", "https://…"),
  ]),
  group("cart", "Commande", "Order", [
    v("cart.reference", "Référence", "Reference", "+++123/4567/89012+++"),
    v("cart.url", "Lien de la commande", "Order link", "https://…/account/carts/…"),
    v("cart.total_amount", "Total", "Total", "120,00 €"),
    v("cart.service_fees", "Frais de service", "Service fees", "0,00 €"),
    v("cart.wallet_used", "Portefeuille utilisé", "Wallet used", "0,00 €"),
    v("cart.paid_amount", "Montant payé", "Amount paid", "30,00 €"),
    v("cart.paid_online_amount", "Payé en ligne", "Paid online", "30,00 €"),
    v("cart.outstanding_amount", "Reste à payer", "Outstanding", "90,00 €"),
    v(
      "cart.instructions",
      "Instructions de paiement",
      "Payment instructions",
      "Pour finaliser votre commande, effectuez un virement…",
    ),
    group("cart.bank_transfer", "Virement", "Bank transfer", [
      v("cart.bank_transfer.beneficiary", "Bénéficiaire", "Account holder", "Les Petits Sportifs"),
      v("cart.bank_transfer.iban", "IBAN", "IBAN", "BE68 5390 0754 7034"),
      v("cart.bank_transfer.bic", "BIC", "BIC", "GKCCBEBB"),
      v("cart.bank_transfer.amount", "Montant", "Amount", "90,00 €"),
      v("cart.bank_transfer.reference", "Communication", "Reference", "+++123/4567/89012+++"),
      v("cart.bank_transfer.due_on", "À payer au plus tard le", "Due by", "28 décembre 2026"),
      v(
        "cart.bank_transfer.qr_code",
        "Code QR du virement (image)",
        "Transfer QR code (image)",
        "data:image/png;base64,…",
      ),
    ]),
  ]),
  list("registrations", "registration", "Inscriptions", "Registrations", [
    v("registration.reference", "Référence", "Reference", "+++123/4567/89012+++"),
    v("registration.url", "Lien de l'inscription", "Registration link", "https://…"),
    v("registration.activity.title", "Activité", "Activity", "Stage multisports"),
    ...person("registration.participant"),
    v("registration.total_amount", "Montant", "Amount", "120,00 €"),
    list("registration.dates", "date", "Dates", "Dates", period("date")),
    group("registration.availability", "Disponibilité", "Availability", [
      ...availability("registration.availability"),
    ]),
  ]),
  list("availabilities", "availability", "Disponibilités", "Availabilities", [
    ...availability("availability"),
  ]),
  list("bundles", "bundle", "Carnets", "Bundles", [
    v("bundle.title", "Titre", "Title", "Carnet 10 séances"),
    v("bundle.participant.fullname", "Participant", "Participant", "Léa Martin"),
    v("bundle.expires_on", "Valable jusqu'au", "Valid until", "30 juin 2027"),
    v("bundle.total_amount", "Montant", "Amount", "80,00 €"),
    v("bundle.url", "Lien", "Link", "https://…/account/bundles/…"),
  ]),
  list("vouchers", "voucher", "Bons cadeaux", "Vouchers", [
    v("voucher.title", "Titre", "Title", "Bon cadeau 50 €"),
    v("voucher.code", "Code", "Code", "GIFT-7K2M-9QXA"),
    v("voucher.expires_on", "Valable jusqu'au", "Valid until", "30 juin 2027"),
    v("voucher.total_amount", "Montant", "Amount", "50,00 €"),
    v("voucher.url", "Lien", "Link", "https://…/account/vouchers/…"),
  ]),
  list("memberships", "membership", "Abonnements", "Memberships", [
    v("membership.title", "Titre", "Title", "Abonnement annuel"),
    v("membership.participant.fullname", "Participant", "Participant", "Léa Martin"),
    v("membership.period", "Période", "Period", "1 septembre 2026 – 30 juin 2027"),
    v("membership.total_amount", "Montant", "Amount", "150,00 €"),
    v("membership.url", "Lien", "Link", "https://…/account/memberships/…"),
  ]),
  group("invoice", "Facture (e-mail de facture)", "Invoice (invoice e-mail)", [
    v("invoice.number", "Numéro", "Number", "F2026-0042"),
    v("invoice.type", "Type (INVOICE ou CREDIT_NOTE)", "Type (INVOICE or CREDIT_NOTE)", "INVOICE"),
    v("invoice.total_amount", "Total", "Total", "120,00 €"),
    v("invoice.paid_amount", "Déjà payé", "Paid so far", "30,00 €"),
    v("invoice.outstanding_amount", "Reste à payer", "Outstanding", "90,00 €"),
    v("invoice.due_at", "Échéance", "Due date", "27 décembre 2026"),
    v("invoice.reference", "Communication", "Reference", "+++123/4567/89012+++"),
    v("invoice.pdf_url", "Lien du PDF", "PDF link", "https://…/api/invoices/…/pdf"),
    v("invoice.url", "Lien dans l'espace client", "Link in the account", "https://…/account/…"),
  ]),
  group("reminder", "Rappel de paiement", "Payment reminder", [
    v("reminder.step", "Numéro du rappel", "Reminder number", "1"),
    v("reminder.amount_due", "Montant dû", "Amount due", "90,00 €"),
    v("reminder.due_on", "Échéance", "Due date", "27 décembre 2026"),
    v("reminder.days_overdue", "Jours de retard", "Days overdue", "7"),
    v("reminder.label", "Objet", "What it is for", "Commande +++123/4567/89012+++"),
    v("reminder.invoice_number", "Numéro de facture", "Invoice number", "F2026-0042"),
    v("reminder.url", "Lien dans l'espace client", "Link in the account", "https://…/account/…"),
    group("reminder.bank_transfer", "Virement", "Bank transfer", [
      v(
        "reminder.bank_transfer.beneficiary",
        "Bénéficiaire",
        "Account holder",
        "Les Petits Sportifs",
      ),
      v("reminder.bank_transfer.iban", "IBAN", "IBAN", "BE68 5390 0754 7034"),
      v("reminder.bank_transfer.bic", "BIC", "BIC", "GKCCBEBB"),
      v("reminder.bank_transfer.amount", "Montant", "Amount", "90,00 €"),
      v("reminder.bank_transfer.reference", "Communication", "Reference", "+++123/4567/89012+++"),
      v(
        "reminder.bank_transfer.qr_code",
        "Code QR du virement (image)",
        "Transfer QR code (image)",
        "data:image/png;base64,…",
      ),
    ]),
  ]),
  group("message", "Message", "Message", [
    v("message.subject", "Objet", "Subject", "Séance de samedi annulée"),
    v("message.content", "Contenu", "Content", "La séance de samedi est annulée…"),
  ]),
  group("account", "Espace client", "Customer account", [
    v("account.url", "Mon compte", "My account", "https://…/account"),
    v("account.registrations_url", "Mes inscriptions", "My registrations", "https://…"),
    v("account.carts_url", "Mes commandes", "My orders", "https://…"),
    v("account.profile_url", "Mon profil", "My profile", "https://…"),
  ]),
  v(
    "unsubscribe_url",
    "Lien de désinscription",
    "Unsubscribe link",
    "https://…/newsletters/unsubscribe?token=…",
  ),
];
