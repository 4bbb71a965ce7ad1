#ifndef TWEET_H
#define TWEET_H

#include <string>
#include <vector>

class Tweet {
	private:
		int id;
		std::string keyword;
		std::string location;
		std::string text;
		std::vector<std::string> clean_text;

		std::string clean(const std::string& tweet);
		std::vector<std::string> tokenize(const std::string& tweet);

	public:
		Tweet(int, std::string, std::string, std::string);

		size_t size() const {return clean_text.size();}
		const std::string& GetOriginal() const {return text;}
		const std::string& GetKeyword() const {return keyword;}
		const std::string& GetLocation() const {return location;}
		const std::vector<std::string>& GetWords() const {return clean_text;}
};

#endif // TWEET_H
