#ifndef TWEET_READER_H
#define TWEET_READER_H

#include "tweet.h"

#include <map>
#include <string>
#include <vector>

// Reads the labelled tweets. The Kaggle csv (id, keyword, location, text, target)
// is replaced by a generator of tweets in the same style: tweets about a real
// disaster, and tweets that use the same words figuratively.
class TweetReader {
	public:
		TweetReader(size_t n_tweets, unsigned seed);

		size_t GetPosSize() const {return pos_.size();}
		size_t GetNegSize() const {return neg_.size();}
		size_t GetMaxSize() const {return max_size_;}
		const Tweet& GetPos(size_t i) const {return pos_.at(i);}
		const Tweet& GetNeg(size_t i) const {return neg_.at(i);}

		// keywords are shared by every reader (the list of the competition)
		static int64_t GetKeywordIndex(const std::string& keyword);
		static int64_t GetKeywordCount();
		// user-given locations, the unknown ones ("") at index 0
		static int64_t GetLocationIndex(const std::string& location);
		static int64_t GetLocationCount();

	private:
		std::vector<Tweet> pos_;
		std::vector<Tweet> neg_;
		size_t max_size_ = 0;
};

using WordsFrequencies = std::map<std::string, int64_t>;

void GetWordsFrequencies(const TweetReader& reader, WordsFrequencies& frequencies);
void SelectTopFrequencies(WordsFrequencies& frequencies, int64_t count);

#endif // TWEET_READER_H
