import type { DefaultTemplate } from "./types.ts";

// An invoice or credit note issued to the customer (`customer-invoice.created`,
// docs/decisions/0074-customer-invoices.md): the PDF (and, for a business, the Peppol UBL) is
// attached.

export const customerInvoice: DefaultTemplate = {
  key: "customer-invoice",
  name: { fr: "Facture ou note de crédit", en: "Invoice or credit note" },
  audience: "customer",
  editable: true,
  fr: {
    subject:
      '{% if invoice.type == "CREDIT_NOTE" %}Note de crédit{% else %}Facture{% endif %} {{ invoice.number }} – {{ organiser.name }}',
    content: `<p>Bonjour {{ customer.firstname }},</p>
{% if invoice.type == "CREDIT_NOTE" %}<p>Vous trouverez en pièce jointe la note de crédit {{ invoice.number }} de {{ invoice.total_amount }}{% if invoice.reference %} pour votre commande {{ invoice.reference }}{% endif %}.</p>{% else %}<p>Vous trouverez en pièce jointe la facture {{ invoice.number }} de {{ invoice.total_amount }}{% if invoice.reference %} pour votre commande {{ invoice.reference }}{% endif %}{% if invoice.due_at %}, payable au plus tard le {{ invoice.due_at }}{% endif %}.</p>{% endif %}
<p>Vous la retrouvez aussi à tout moment dans votre compte.</p>
<p><a class="button" href="{{ link.url }}">Mon compte</a></p>`,
  },
  en: {
    subject:
      '{% if invoice.type == "CREDIT_NOTE" %}Credit note{% else %}Invoice{% endif %} {{ invoice.number }} – {{ organiser.name }}',
    content: `<p>Hello {{ customer.firstname }},</p>
{% if invoice.type == "CREDIT_NOTE" %}<p>Please find attached credit note {{ invoice.number }} of {{ invoice.total_amount }}{% if invoice.reference %} for your order {{ invoice.reference }}{% endif %}.</p>{% else %}<p>Please find attached invoice {{ invoice.number }} of {{ invoice.total_amount }}{% if invoice.reference %} for your order {{ invoice.reference }}{% endif %}{% if invoice.due_at %}, due by {{ invoice.due_at }}{% endif %}.</p>{% endif %}
<p>You can also find it in your account at any time.</p>
<p><a class="button" href="{{ link.url }}">My account</a></p>`,
  },
};
