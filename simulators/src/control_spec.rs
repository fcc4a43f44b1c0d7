//! `GET /_sim/openapi.json`: the control endpoints as an OpenAPI 3.0 document, for QA tools and generated
//! clients. Written by hand beside `control.rs`; a test calls every operation it lists.

use serde_json::{Value, json};

use crate::scenario::{Gateway, Scenario};

/// The document; gateway and scenario names come from the simulators' own tables.
pub(crate) fn document() -> Value {
    let gateways: Vec<&str> = Gateway::ALL.into_iter().map(Gateway::name).collect();
    let mut scenarios: Vec<&str> = Scenario::all().map(Scenario::name).collect();
    scenarios.sort_unstable();
    scenarios.dedup();
    let gateway_param = |required: bool, what: &str| {
        json!({"name": "gateway", "in": "query", "required": required, "description": what,
               "schema": {"type": "string", "enum": gateways}})
    };
    let json_ok = |description: &str, schema: Value| json!({"200": {"description": description, "content": {"application/json": {"schema": schema}}}});
    let with_bad_request = |mut responses: Value| {
        responses["400"] = json!({"description": "Unknown gateway or missing parameter",
                                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}});
        responses
    };
    let list = json!({"type": "array", "items": {"type": "object"}});
    let clock = json!({"type": "object", "required": ["now", "offsetMs"], "properties": {
        "now": {"type": "integer", "description": "The gateways' time, epoch milliseconds"},
        "offsetMs": {"type": "integer", "description": "How far ahead of real time, in milliseconds"}}});
    let lang = json!({"name": "lang", "in": "query", "required": false,
                      "description": "The page's language: Persian, right-to-left (the default) or English",
                      "schema": {"type": "string", "enum": ["fa", "en"], "default": "fa"}});
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "Limoo simulators: control API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Observe and steer the gateway simulators. No real gateway has these endpoints. \
                            The gateways themselves speak their own protocols under /payping, /vandar, /snapppay, \
                            /digipay/api, /tara, /saman, /gumroad and /kavenegar."
        },
        "paths": {
            "/_sim/": {"get": {
                "summary": "Dashboard (HTML): forced scenarios, SMS and e-mail outboxes, payments, journal",
                "parameters": [gateway_param(false, "Only this gateway's payments and journal"),
                               {"name": "refresh", "in": "query", "required": false,
                                "description": "Reload every N seconds", "schema": {"type": "integer", "minimum": 1, "maximum": 60}},
                               lang.clone()],
                "responses": with_bad_request(json!({"200": {"description": "The page", "content": {"text/html": {"schema": {"type": "string"}}}}}))
            },
            "post": {
                "summary": "The dashboard's forms: force a scenario, clear one gateway's or all, reset; answers 303 to the page",
                "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {
                    "type": "object", "required": ["action"],
                    "properties": {"action": {"type": "string", "enum": ["force", "clear", "reset"]},
                                   "gateway": {"type": "string", "enum": gateways},
                                   "scenario": {"type": "string", "enum": scenarios},
                                   "lang": lang["schema"].clone()}}}}},
                "responses": {"303": {"description": "Done; back to the dashboard in the form's language"},
                              "400": {"description": "Unknown action, gateway, scenario or language (an HTML page saying which)"}}
            }},
            "/_sim/openapi.json": {"get": {"summary": "This document", "responses": json_ok("OpenAPI 3.0", json!({"type": "object"}))}},
            "/_sim/health": {"get": {
                "summary": "Alive; how many entries each record list holds and has let go (SIM_MAX_RECORDS)",
                "responses": json_ok("ok", json!({"type": "object", "properties": {"status": {"type": "string"}, "records": {"type": "object"}}}))
            }},
            "/_sim/events": {"get": {
                "summary": "The journal: every call received or made, oldest first",
                "parameters": [gateway_param(false, "Only this gateway's calls")],
                "responses": with_bad_request(json_ok("Journal entries", list.clone()))
            }},
            "/_sim/sms": {"get": {
                "summary": "The last SMS sent to a receptor (any spelling of the number)",
                "parameters": [{"name": "receptor", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": with_bad_request({
                    let mut r = json_ok("The message", json!({"type": "object"}));
                    r["404"] = json!({"description": "Nothing sent to it"});
                    r
                })
            }},
            "/_sim/sms/outbox": {"get": {
                "summary": "SMS sent, oldest first",
                "parameters": [{"name": "receptor", "in": "query", "required": false, "schema": {"type": "string"}}],
                "responses": json_ok("Messages", list.clone())
            }},
            "/_sim/email": {"get": {
                "summary": "The last e-mail to a recipient",
                "parameters": [{"name": "to", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": with_bad_request({
                    let mut r = json_ok("The message", json!({"type": "object"}));
                    r["404"] = json!({"description": "Nothing sent to it"});
                    r
                })
            }},
            "/_sim/email/outbox": {"get": {
                "summary": "E-mails received by the SMTP sink, oldest first",
                "parameters": [{"name": "to", "in": "query", "required": false, "schema": {"type": "string"}}],
                "responses": json_ok("Messages", list.clone())
            }},
            "/_sim/payments": {"get": {
                "summary": "Payments the gateways hold, with their stage, oldest first",
                "parameters": [gateway_param(false, "Only this gateway's payments")],
                "responses": with_bad_request(json_ok("Payments", list.clone()))
            }},
            "/_sim/ledger": {"get": {
                "summary": "The money ledger: per payment, the merchant's reference, the gateway's own ids, and what was taken, returned and kept, oldest first",
                "parameters": [gateway_param(false, "Only this gateway's payments"),
                               {"name": "reference", "in": "query", "required": false,
                                "description": "Only the payments this merchant reference (or gateway id: paymentCode, token, ticket, trackingCode, RefNum, sale_id …) names",
                                "schema": {"type": "string"}}],
                "responses": with_bad_request(json_ok("Ledger entries", json!({"type": "array", "items": {"$ref": "#/components/schemas/LedgerEntry"}})))
            }},
            "/_sim/payments/{token}/callback": {"post": {
                "summary": "Deliver the callback the hosted page last sent the browser back with, again: now (times, up to 5) or delaySeconds later (202)",
                "parameters": [{"name": "token", "in": "path", "required": true, "description": "The payment's token, as /_sim/payments lists it", "schema": {"type": "string"}}],
                "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object",
                    "properties": {"times": {"type": "integer", "minimum": 1, "maximum": 5, "default": 1},
                                   "delaySeconds": {"type": "integer", "minimum": 0, "maximum": 300, "default": 0}}}}}},
                "responses": {
                    "200": {"description": "Delivered: the merchant's status for each delivery", "content": {"application/json": {"schema": {"type": "object"}}}},
                    "202": {"description": "Scheduled", "content": {"application/json": {"schema": {"type": "object"}}}},
                    "404": {"description": "No payment with that token", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                    "409": {"description": "The page has not sent the customer back yet", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                }
            }},
            "/_sim/requests": {"get": {
                "summary": "The journal's calls a scenario asks about (path, matching text, method), counted; with waitSeconds it waits until the count holds",
                "parameters": [gateway_param(false, "Only this gateway's calls"),
                    {"name": "path", "in": "query", "required": false, "description": "Path contains", "schema": {"type": "string"}},
                    {"name": "matching", "in": "query", "required": false, "description": "Query or body contains", "schema": {"type": "string"}},
                    {"name": "method", "in": "query", "required": false, "schema": {"type": "string"}},
                    {"name": "unmatched", "in": "query", "required": false, "description": "Only calls no route knew (404)", "schema": {"type": "boolean"}},
                    {"name": "outgoing", "in": "query", "required": false, "description": "Also the simulators' own calls", "schema": {"type": "boolean"}},
                    {"name": "count", "in": "query", "required": false, "schema": {"type": "integer"}},
                    {"name": "atLeast", "in": "query", "required": false, "schema": {"type": "integer"}},
                    {"name": "atMost", "in": "query", "required": false, "schema": {"type": "integer"}},
                    {"name": "waitSeconds", "in": "query", "required": false, "description": "Wait for the count, at most 30 s", "schema": {"type": "integer"}}],
                "responses": {
                    "200": {"description": "The count holds", "content": {"application/json": {"schema": {"type": "object"}}}},
                    "412": {"description": "The count does not hold (after waiting): what was found", "content": {"application/json": {"schema": {"type": "object"}}}},
                    "400": {"description": "Unknown gateway or parameter", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                }
            }},
            "/_sim/faults": {
                "get": {"summary": "Every network fault still armed", "responses": json_ok("Armed faults", list.clone())},
                "post": {
                    "summary": "Arm a network fault on a gateway's calls, after the gateway acted: latency, stall (no answer for 5 minutes) or cut (the answer stops after its first byte)",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["gateway", "kind"],
                        "properties": {"gateway": {"type": "string", "enum": gateways},
                                       "kind": {"type": "string", "enum": ["latency", "stall", "cut"]},
                                       "delayMs": {"type": "integer", "maximum": 120000, "description": "latency only"},
                                       "percent": {"type": "integer", "minimum": 1, "maximum": 100, "default": 100, "description": "Share of the fitting calls hit, spread evenly (at 25: the 4th, 8th…)"},
                                       "matching": {"type": "string"}, "times": {"type": "integer", "minimum": 1},
                                       "untilCleared": {"type": "boolean"}, "ttlSeconds": {"type": "integer"}}}}}},
                    "responses": with_bad_request(json_ok("The fault as armed, with its id", json!({"type": "object"})))
                },
                "delete": {
                    "summary": "Clear one fault, a gateway's, or all",
                    "parameters": [gateway_param(false, "Only this gateway"),
                                   {"name": "id", "in": "query", "required": false, "schema": {"type": "integer"}}],
                    "responses": with_bad_request(json_ok("How many were cleared",
                        json!({"type": "object", "properties": {"cleared": {"type": "integer"}}})))
                }
            },
            "/_sim/force": {
                "get": {
                    "summary": "Every forcing still armed: scope, calls left, seconds until it lapses",
                    "parameters": [gateway_param(false, "Only this gateway")],
                    "responses": with_bad_request(json_ok("Armed forcings", list.clone()))
                },
                "post": {
                    "summary": "Force a scenario on a gateway's next fitting call, or on the calls whose request contains `matching`",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["gateway", "scenario"],
                        "properties": {"gateway": {"type": "string", "enum": gateways},
                                       "scenario": {"type": "string", "enum": scenarios},
                                       "matching": {"type": "string", "description": "Only calls whose query or body contains this text (a mobile, an amount); scoped forcings are tried before unscoped ones"},
                                       "times": {"type": "integer", "minimum": 1, "default": 1, "description": "How many calls take it"},
                                       "untilCleared": {"type": "boolean", "default": false, "description": "Every fitting call takes it until it is cleared (instead of times)"},
                                       "ttlSeconds": {"type": "integer", "minimum": 0, "description": "It lapses after this long"}}}}}},
                    "responses": with_bad_request(json_ok("The forcing as armed, with its id", json!({"type": "object"})))
                },
                "delete": {
                    "summary": "Clear one forcing, what is forced on one gateway, or everything",
                    "parameters": [gateway_param(false, "Only this gateway"),
                                   {"name": "id", "in": "query", "required": false, "description": "Only this forcing",
                                    "schema": {"type": "integer"}}],
                    "responses": with_bad_request(json_ok("How many were cleared",
                        json!({"type": "object", "properties": {"cleared": {"type": "integer"}}})))
                }
            },
            "/_sim/clock": {
                "get": {"summary": "The simulators' clock: the gateways' time now and how far it runs ahead of real time",
                        "responses": json_ok("The clock", clock.clone())},
                "post": {
                    "summary": "Move the gateways' time forward: hosted pages, access tokens and verify or reverse windows end as if that time had passed. Forcings' and faults' ttlSeconds, waitSeconds and the journal stay on real time; a reset keeps the clock",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["seconds"],
                        "properties": {"seconds": {"type": "integer", "minimum": 1, "maximum": 31_622_400,
                                                   "description": "How far, at most 366 days; it never goes back"}}}}}},
                    "responses": {
                        "200": {"description": "The clock as moved", "content": {"application/json": {"schema": clock}}},
                        "400": {"description": "Not forward, or more than 366 days", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                    }
                }
            },
            "/_sim/reset": {"post": {
                "summary": "Forget the journal, outboxes, payments, tokens and forced scenarios",
                "responses": json_ok("Reset", json!({"type": "object"}))
            }},
            "/_sim/scenarios": {"get": {
                "summary": "Per gateway, the scenarios it accepts with what each does and the one forced now; every test value",
                "responses": json_ok("Scenarios", json!({"type": "object",
                    "properties": {"gateways": list.clone(), "testValues": list}}))
            }}
        },
        "components": {"schemas": {
            "Problem": {"type": "object", "properties": {"error": {"type": "string"}}},
            "LedgerEntry": {"type": "object",
                "required": ["gateway", "reference", "ids", "unit", "amount", "taken", "returned", "kept", "refunds", "money", "stage"],
                "properties": {
                    "gateway": {"type": "string", "enum": gateways},
                    "reference": {"type": "string", "description": "The merchant's reference: clientRefId, factorNumber, transactionId, providerId, orderId, ResNum, or Gumroad's link parameter `reference`"},
                    "ids": {"type": "object", "additionalProperties": {"type": "string"},
                            "description": "The gateway's own ids by their wire names (paymentCode, paymentRefId, token, transId, paymentToken, ticket, trackingCode, channelRefNumber, Token, RefNum, sale_id, order_id); those handed out on payment only once paid"},
                    "unit": {"type": "string", "enum": ["toman", "rial", "usd-cents"]},
                    "amount": {"type": "integer", "description": "As the merchant asked"},
                    "taken": {"type": "integer", "description": "Charged to the customer; 0 until paid"},
                    "returned": {"type": "integer", "description": "Given back to the customer"},
                    "kept": {"type": "integer", "description": "The merchant's: taken − returned once kept or returned; 0 while pending or only taken"},
                    "refunds": {"type": "array", "items": {"type": "object", "properties": {
                        "amount": {"type": "integer"}, "trackingCode": {"type": "string", "nullable": true}}}},
                    "money": {"type": "string", "enum": ["pending", "none", "taken", "kept", "returned"],
                              "description": "pending: not paid yet; none: never will be; taken: paid, not verified (the gateway gives it back at its window's end); kept: verified or settled (a Gumroad sale once paid); returned: given back in full"},
                    "stage": {"type": "string"}
                }}
        }}
    })
}
