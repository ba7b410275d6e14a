import { z } from "zod";

/**
 * Default issue messages are the shared field codes (REQUIRED, INVALID_TYPE, TOO_LONG, …), so a
 * schema without its own message still answers with a code the web app can translate.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined ? "REQUIRED" : "INVALID_TYPE";
      case "too_small":
        return issue.origin === "string" ? "TOO_SHORT" : "TOO_SMALL";
      case "too_big":
        return issue.origin === "string" ? "TOO_LONG" : "TOO_BIG";
      case "invalid_format":
        return issue.format === "email" ? "INVALID_EMAIL" : "INVALID_FORMAT";
      case "invalid_value":
      case "invalid_union":
        return "INVALID_CHOICE";
      case "unrecognized_keys":
        return "UNKNOWN_FIELD";
      default:
        return "INVALID_TYPE";
    }
  },
});
